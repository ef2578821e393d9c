import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { BankScreen } from "@/components/bank/bank-screen";
import { fakeServer, ME, on, renderFresh, signIn } from "./bank-support";

const replace = jest.fn();
let search = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn() }),
  usePathname: () => "/bank",
  useSearchParams: () => search,
}));
jest.mock("@/components/ton/ton-connect-button-lazy", () => ({ TonConnectButtonLazy: () => null }));

beforeEach(() => {
  sessionStorage.clear();
  replace.mockReset();
  search = new URLSearchParams();
  fakeServer(on("GET", "/api/v1/users/me", { status: 200, body: ME }), on("GET", "/api/v1/wallet", { status: 200, body: [] }));
});

describe("/bank", () => {
  it("sends a visitor without a session to /", () => {
    renderFresh(<BankScreen />);
    expect(replace).toHaveBeenCalledWith("/");
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("renders its shell on the server: the tab bar and skeletons, no requests", () => {
    signIn();
    const html = renderToString(<BankScreen />);
    expect(html).toContain("Кошелёк");
    expect(html).toContain("Настройки");
    expect(html).toContain("Общий баланс");
    expect(html).toContain('aria-busy="true"');
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it("opens the wallet tab by default with a three-tab bar", async () => {
    signIn();
    renderFresh(<BankScreen />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Кошелёк", "История", "Настройки"]);
    expect(screen.getByRole("tab", { name: "Кошелёк" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Общий баланс")).toBeInTheDocument();
    await screen.findByText("anna");
  });

  it("keeps the tab in ?tab=", async () => {
    signIn();
    renderFresh(<BankScreen />);
    fireEvent.click(screen.getByRole("tab", { name: "История" }));
    expect(replace).toHaveBeenCalledWith("/bank?tab=history", { scroll: false });
    await screen.findByText("anna");
  });

  it("loads the other tabs' code when they open: settings straight from ?tab=", async () => {
    signIn();
    search = new URLSearchParams("tab=settings");
    renderFresh(<BankScreen />);
    expect(await screen.findByRole("button", { name: "Выйти" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Настройки" })).toHaveAttribute("aria-selected", "true");
  });

  it("has a payments tab that is not in the bar", () => {
    signIn();
    search = new URLSearchParams("tab=payments");
    renderFresh(<BankScreen />);
    expect(screen.getByText("Раздел в разработке")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Платежи" })).not.toBeInTheDocument();
  });
});
