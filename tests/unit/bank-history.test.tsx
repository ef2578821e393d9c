import { screen, within } from "@testing-library/react";
import { formatHistoryDate, mergeHistory } from "@/components/bank/bank-math";
import { HistoryTab } from "@/components/bank/history-tab";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import { fakeServer, ME, on, renderFresh, type Route } from "./bank-support";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/bank",
  useSearchParams: () => new URLSearchParams("tab=history"),
}));

const WALLETS = [
  { id: 1, currency: "RUB", balance: 100_000, number: "2202000000000001" },
  { id: 2, currency: "USD", balance: 5_000, number: "2202000000000002" },
];

function transfer(id: number, fields: Partial<TransferDto>): TransferDto {
  return {
    kind: "transfer",
    senderWalletId: 0,
    receiverWalletId: 0,
    createdAt: "2025-01-01T00:00:00",
    id,
    amount: 1000,
    currency: "RUB",
    receivedAmount: 1000,
    receivedCurrency: "RUB",
    rate: "1",
    message: null,
    channel: "app",
    ...fields,
  };
}

// Local times without a zone, so the expected text does not depend on the machine's time zone.
const RUB_LIST = [
  transfer(10, { senderWalletId: 1, receiverWalletId: 50, amount: 150_000, createdAt: "2025-03-05T09:07:00" }),
  transfer(12, {
    senderWalletId: 60,
    receiverWalletId: 1,
    amount: 1_000,
    currency: "USD",
    receivedAmount: 91_000,
    receivedCurrency: "RUB",
    createdAt: "2025-03-07T18:30:00",
  }),
];
const USD_LIST = [
  transfer(11, {
    senderWalletId: 50,
    receiverWalletId: 2,
    amount: 2_550,
    currency: "USD",
    receivedAmount: 2_550,
    receivedCurrency: "USD",
    createdAt: "2025-03-06T12:00:00",
    message: "Спасибо за ужин",
  }),
  transfer(13, { senderWalletId: 99, receiverWalletId: 2, amount: 100, currency: "USD", receivedAmount: 100, receivedCurrency: "USD", createdAt: "2025-03-01T08:00:00" }),
];

const base: Route[] = [
  on("GET", "/api/v1/users/me", { status: 200, body: ME }),
  on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
  on("GET", "/api/v1/transfers/wallet/1", { status: 200, body: RUB_LIST }),
  on("GET", "/api/v1/transfers/wallet/2", { status: 200, body: USD_LIST }),
  on("GET", "/api/v1/transfers/username/50", { status: 200, body: { username: "boris", avatarUrl: "/b.svg" } }),
  on("GET", "/api/v1/transfers/username/60", { status: 200, body: { username: "vera", avatarUrl: "/v.svg" } }),
];

describe("history tab", () => {
  it("merges all wallets newest first with sign, amount, date and counterparty", async () => {
    const calls = fakeServer(...base);
    renderFresh(<HistoryTab />);
    await screen.findAllByRole("img", { name: "boris" });
    const rows = screen.getAllByTestId("history-row");
    expect(rows.map((r) => r.querySelector(".history-amount")?.textContent?.replace(/\u00a0/g, " "))).toEqual([
      "+910,00 ₽", // received cross-currency: what arrived
      "+25,50 $",
      "\u22121 500,00 ₽", // the minus sign U+2212, as receipts and analytics write it
      "+1,00 $",
    ]);
    expect(within(rows[0]).getByText("vera")).toBeInTheDocument();
    expect(within(rows[0]).getByText("07.03.2025 18:30")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Спасибо за ужин")).toBeInTheDocument();
    expect(within(rows[2]).getByText("boris")).toBeInTheDocument();
    expect(within(rows[2]).getByText("05.03.2025 09:07")).toBeInTheDocument();
    // Wallet 99 is unknown to the server.
    expect(within(rows[3]).getByText("неизвестно")).toBeInTheDocument();
    // Each row opens its receipt.
    expect(rows.map((r) => within(r).getByRole("link").getAttribute("href"))).toEqual([
      "/receipt/12",
      "/receipt/11",
      "/receipt/10",
      "/receipt/13",
    ]);
    // One lookup per counterparty wallet, even though boris appears twice.
    const lookups = calls.filter((c) => c.path.startsWith("/api/v1/transfers/username/")).map((c) => c.path);
    expect(lookups.sort()).toEqual([
      "/api/v1/transfers/username/50",
      "/api/v1/transfers/username/60",
      "/api/v1/transfers/username/99",
    ]);
  });

  it("names an exchange, a top-up and a request paid by what happened, a transfer by who", async () => {
    const kinds = [
      transfer(20, { kind: "exchange", senderWalletId: 1, receiverWalletId: 2, createdAt: "2025-03-09T10:00:00" }),
      transfer(21, { kind: "topup", senderWalletId: 70, receiverWalletId: 1, createdAt: "2025-03-09T09:00:00" }),
      transfer(22, { kind: "request", senderWalletId: 1, receiverWalletId: 50, createdAt: "2025-03-09T08:00:00" }),
      transfer(23, { kind: "transfer", senderWalletId: 1, receiverWalletId: 60, createdAt: "2025-03-09T07:00:00" }),
    ];
    fakeServer(
      on("GET", "/api/v1/transfers/wallet/1", { status: 200, body: kinds }),
      on("GET", "/api/v1/transfers/wallet/2", { status: 200, body: [] }),
      on("GET", "/api/v1/transfers/username/2", { status: 200, body: { username: "me", avatarUrl: "/m.svg" } }),
      on("GET", "/api/v1/transfers/username/70", { status: 200, body: { username: "Пополнение", avatarUrl: "/bank.svg" } }),
      ...base,
    );
    renderFresh(<HistoryTab />);
    await screen.findAllByRole("img", { name: "vera" });
    const titles = screen.getAllByTestId("history-row").map((row) => row.querySelector(".list-item-title")?.textContent);
    expect(titles).toEqual(["Обмен", "Пополнение", "Оплата запроса", "vera"]);
    // A request paid still says to whom.
    expect(within(screen.getAllByTestId("history-row")[2]).getByText("boris")).toBeInTheDocument();
  });

  it("marks a scheduled transfer's run as scheduled and an order's exchange as made by order; other rows carry no mark", async () => {
    fakeServer(
      on("GET", "/api/v1/transfers/wallet/1", {
        status: 200,
        body: [
          transfer(30, { senderWalletId: 1, receiverWalletId: 60, scheduleId: 7, createdAt: "2025-03-09T07:00:00" }),
          transfer(31, { senderWalletId: 1, receiverWalletId: 60, createdAt: "2025-03-08T07:00:00" }),
          transfer(32, { kind: "exchange", channel: "order", senderWalletId: 1, receiverWalletId: 2, createdAt: "2025-03-07T07:00:00" }),
        ],
      }),
      on("GET", "/api/v1/transfers/wallet/2", { status: 200, body: [] }),
      ...base,
    );
    renderFresh(<HistoryTab />);
    await screen.findAllByRole("img", { name: "vera" });
    const rows = screen.getAllByTestId("history-row");
    expect(within(rows[0]).getByTestId("scheduled-mark")).toHaveTextContent("Запланированный");
    expect(within(rows[1]).queryByTestId("scheduled-mark")).toBeNull();
    // An exchange an order at a target rate made says so.
    expect(within(rows[2]).getByTestId("order-mark")).toHaveTextContent("По заявке");
    expect(within(rows[0]).queryByTestId("order-mark")).toBeNull();
  });

  it("says the user was not found", async () => {
    fakeServer(on("GET", "/api/v1/users/me", { status: 404, body: { message: "x", code: "USER_NOT_FOUND" } }), ...base);
    renderFresh(<HistoryTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Пользователь не найден");
  });

  it("says the user has no wallets", async () => {
    fakeServer(on("GET", "/api/v1/wallet", { status: 200, body: [] }), ...base);
    renderFresh(<HistoryTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Кошельки пользователя не найдены");
  });

  it("says the history failed to load", async () => {
    fakeServer(on("GET", "/api/v1/transfers/wallet/2", { status: 500, body: { message: "x", code: "INTERNAL" } }), ...base);
    renderFresh(<HistoryTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка загрузки истории переводов");
  });

  it("shows skeletons while loading", () => {
    fakeServer(() => new Promise(() => undefined));
    renderFresh(<HistoryTab />);
    expect(screen.getAllByTestId("skeleton").length).toBeGreaterThan(3);
  });
});

describe("history merging", () => {
  it("keeps a transfer between own wallets once, as sent", () => {
    const t = transfer(1, { senderWalletId: 1, receiverWalletId: 2, createdAt: "2025-01-01T00:00:00" });
    const entries = mergeHistory([[t], [t]], [1, 2]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ direction: "out", counterpartyWalletId: 2 });
  });

  it("formats dates as DD.MM.YYYY HH:mm", () => {
    expect(formatHistoryDate("2024-12-31T23:05:00")).toBe("31.12.2024 23:05");
  });
});
