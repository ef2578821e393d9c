import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { rateTable, totalRubles } from "@/components/bank/bank-math";
import { groupAccountNumber } from "@/lib/shared/account-number";
import { WalletTab } from "@/components/bank/wallet-tab";
import { fakeServer, ME, on, renderFresh } from "./bank-support";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
}));
jest.mock("@/components/ton/ton-connect-button-lazy", () => ({
  TonConnectButtonLazy: () => <span data-testid="ton-slot" />,
}));

const WALLETS = [
  { id: 1, currency: "RUB", balance: 123_456, number: "2202000011112222" },
  { id: 2, currency: "USD", balance: 10_050, number: "2202000033334444" },
  { id: 3, currency: "EUR", balance: 0, number: "2202000055556666" },
  { id: 4, currency: "CNY", balance: 200_000, number: "2202000077778888" },
];
const rates = { USD: 90.5, EUR: 99.1234, CNY: 12.3456 };

function server(overrides: Partial<Record<"USD" | "EUR" | "CNY" | "wallets", number>> = {}) {
  return fakeServer(
    on("GET", "/api/v1/users/me", { status: 200, body: ME }),
    on("GET", "/api/v1/wallet", {
      status: overrides.wallets ?? 200,
      body: overrides.wallets ? { message: "x", code: "INTERNAL" } : WALLETS,
    }),
    ...(["USD", "EUR", "CNY"] as const).map((c) =>
      on("GET", `/api/v1/rates/${c}`, {
        status: overrides[c] ?? 200,
        body: overrides[c] ? { message: "x", code: "RATE_NOT_FOUND" } : { value: rates[c] },
      }),
    ),
  );
}

describe("wallet tab", () => {
  it("shows the total in rubles: Σ balance × rate, RUB at 1", async () => {
    server();
    renderFresh(<WalletTab />);
    // 1234,56 + 100,50 × 90,5 (9095,25) + 0 + 2000 × 12,3456 (24691,20) = 35021,01
    expect(await screen.findByTestId("total-balance")).toHaveTextContent("35 021,01 ₽");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("ton-slot")).toBeInTheDocument();
  });

  it("lists each account with name, rate, balance, ruble equivalent and grouped number", async () => {
    server();
    renderFresh(<WalletTab />);
    await screen.findByTestId("total-balance");
    const usd = within(screen.getByTestId("account-USD"));
    expect(usd.getByText("Доллары")).toBeInTheDocument();
    expect(usd.getByText(/1 \$ = 90,50 ₽/)).toBeInTheDocument();
    expect(usd.getByText("100,50 $")).toBeInTheDocument();
    expect(usd.getByText("9 095,25 ₽")).toBeInTheDocument();
    expect(usd.getByText("2202 0000 3333 4444")).toBeInTheDocument();
    const names = screen.getAllByRole("listitem").map((li) => li.querySelector(".account-name")?.textContent);
    expect(names).toEqual(["Рубли", "Доллары", "Евро", "Юани"]);
    expect(within(screen.getByTestId("account-CNY")).getByText("2 000,00 ¥")).toBeInTheDocument();
  });

  it("offers Send, Top up and QR", async () => {
    server();
    renderFresh(<WalletTab />);
    expect(screen.getByRole("link", { name: "Перевести" })).toHaveAttribute("href", "/transfer-money");
    expect(screen.getByRole("link", { name: "Пополнить" })).toHaveAttribute("href", "/add-money");
    expect(screen.getByRole("link", { name: "QR" })).toHaveAttribute("href", "/qr");
    await screen.findByTestId("total-balance");
  });

  it("shows skeletons while loading", () => {
    fakeServer(() => new Promise(() => undefined));
    renderFresh(<WalletTab />);
    expect(screen.getAllByTestId("skeleton").length).toBeGreaterThan(3);
  });

  it("shows '-' for a missing rate and the load error", async () => {
    server({ EUR: 404 });
    renderFresh(<WalletTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка загрузки данных");
    const eur = within(screen.getByTestId("account-EUR"));
    expect(eur.getByText("Курс: -")).toBeInTheDocument();
    expect(eur.getByText("0,00 €")).toBeInTheDocument();
    expect(eur.getByText("-")).toBeInTheDocument();
    // Other accounts still have their equivalents, and the total is exact (the EUR wallet is empty).
    expect(within(screen.getByTestId("account-USD")).getByText("9 095,25 ₽")).toBeInTheDocument();
    expect(screen.getByTestId("total-balance")).toHaveTextContent("35 021,01 ₽");
    expect(screen.queryByTestId("total-partial")).not.toBeInTheDocument();
  });

  it("with no rates at all, still lists every account and totals what it can convert", async () => {
    server({ USD: 404, EUR: 404, CNY: 404 });
    renderFresh(<WalletTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка загрузки данных");
    expect(await screen.findAllByTestId(/^account-/)).toHaveLength(4);
    expect(within(screen.getByTestId("account-USD")).getByText("100,50 $")).toBeInTheDocument();
    expect(within(screen.getByTestId("account-CNY")).getByText("2 000,00 ¥")).toBeInTheDocument();
    // Only rubles convert; the hint names the non-empty wallets left out.
    expect(screen.getByTestId("total-balance")).toHaveTextContent("1 234,56 ₽");
    expect(screen.getByTestId("total-partial")).toHaveTextContent("Без счетов в USD, CNY: нет курса");
  });

  it("says the data failed to load when the wallets fail", async () => {
    server({ wallets: 500 });
    renderFresh(<WalletTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка загрузки данных");
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("retries what failed, and shows the accounts once they load", async () => {
    server({ wallets: 500 });
    renderFresh(<WalletTab />);
    await screen.findByRole("alert");
    server();
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    expect(await screen.findByTestId("account-RUB")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
  });
});

describe("wallet arithmetic", () => {
  it("totals the wallets whose rate is known and names the non-empty ones left out", () => {
    const table = rateTable({ USD: 90 });
    expect(totalRubles([{ currency: "RUB", balance: 100 }], table)).toEqual({ total: 100n, missing: [] });
    expect(
      totalRubles(
        [
          { currency: "RUB", balance: 100 },
          { currency: "USD", balance: 200 },
          { currency: "EUR", balance: 100 },
          { currency: "CNY", balance: 0 },
        ],
        table,
      ),
    ).toEqual({ total: 18_100n, missing: ["EUR"] });
  });

  it("groups account numbers by four", () => {
    expect(groupAccountNumber("2202123412341234")).toBe("2202 1234 1234 1234");
    expect(groupAccountNumber("220212")).toBe("2202 12");
  });
});
