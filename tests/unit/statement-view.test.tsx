import { fireEvent, screen, waitFor } from "@testing-library/react";
import { StatementView } from "@/components/statement/statement-view";
import { presetPeriod } from "@/lib/client/statement";
import { fakeServer, on, renderFresh } from "./bank-support";

const downloadFile = Object.assign(jest.fn(async () => undefined), { isAvailable: () => true });
let telegram: unknown = null;
jest.mock("@/lib/client/telegram/provider", () => ({ useLoadedTelegram: () => telegram }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: jest.fn(), push: jest.fn() }) }));

const WALLETS = [{ id: 7, currency: "RUB", balance: 376_544, number: "2202000000000007" }];
const TOTALS = { walletId: 7, number: "2202000000000007", currency: "RUB", opening: 10_000, totalIn: 500_000, totalOut: 133_456, closing: 376_544, count: 3 };
const LINK = { url: "/api/v1/statements/pdf?token=abc", fileName: "vypiska-2202000000000007.pdf", expiresAt: "2026-11-25T00:10:00.000Z" };

function server() {
  return fakeServer(
    on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
    on("GET", /^\/api\/v1\/statements\/wallet\/7\?/, { status: 200, body: { ...TOTALS, from: "x", to: "y" } }),
    on("POST", "/api/v1/statements/link", { status: 201, body: LINK }),
  );
}

beforeEach(() => {
  telegram = null;
  downloadFile.mockClear();
});

describe("statement screen", () => {
  it("shows this month's totals, and last month's when chosen", async () => {
    const calls = server();
    renderFresh(<StatementView walletId={7} />);
    expect((await screen.findByTestId("statement-Входящий остаток")).textContent).toBe("100,00\u00a0₽");
    expect(screen.getByTestId("statement-Поступления").textContent).toBe("+5\u00a0000,00\u00a0₽");
    expect(screen.getByTestId("statement-Списания").textContent).toBe("\u22121\u00a0334,56\u00a0₽");
    expect(screen.getByTestId("statement-Исходящий остаток").textContent).toBe("3\u00a0765,44\u00a0₽");
    const month = presetPeriod("thisMonth");
    expect(calls.some((c) => c.path.startsWith(`/api/v1/statements/wallet/7?from=${month.from}&to=${month.to}&tz=`))).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Прошлый месяц" }));
    const last = presetPeriod("lastMonth");
    await waitFor(() => expect(calls.some((c) => c.path.startsWith(`/api/v1/statements/wallet/7?from=${last.from}&to=${last.to}&`))).toBe(true));
  });

  it("refuses a custom period that ends before it starts, and asks the server nothing", async () => {
    const calls = server();
    renderFresh(<StatementView walletId={7} />);
    await screen.findByTestId("statement-Входящий остаток");
    fireEvent.click(screen.getByRole("radio", { name: "Свой период" }));
    fireEvent.change(screen.getByLabelText("С"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("По"), { target: { value: "2026-11-01" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Укажите период: дата начала не позже даты конца");
    expect(screen.getByRole("button", { name: "Скачать PDF" })).toBeDisabled();
    expect(calls.filter((c) => c.path.includes("from=2026-11-20&to=2026-11-01"))).toEqual([]);
  });

  it("inside Telegram, downloads through downloadFile with the link's absolute address and file name", async () => {
    telegram = { native: true, sdk: { downloadFile } };
    const calls = server();
    renderFresh(<StatementView walletId={7} />);
    await screen.findByTestId("statement-Входящий остаток");
    fireEvent.click(screen.getByRole("button", { name: "Скачать PDF" }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith(`${window.location.origin}${LINK.url}`, LINK.fileName));
    const asked = calls.find((c) => c.method === "POST");
    expect(asked?.body).toMatchObject({ walletId: 7, format: "pdf", ...presetPeriod("thisMonth") });
  });

  it("in a browser, downloads through a link with the file name", async () => {
    server();
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      renderFresh(<StatementView walletId={7} />);
      await screen.findByTestId("statement-Входящий остаток");
      fireEvent.click(screen.getByRole("button", { name: "Скачать CSV" }));
      await waitFor(() => expect(clicked).toEqual([{ href: `${window.location.origin}${LINK.url}`, download: LINK.fileName }]));
      expect(downloadFile).not.toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });
});
