import { fireEvent, screen, waitFor } from "@testing-library/react";
import { mergeHistory } from "@/components/bank/bank-math";
import { groupByMonth, HistoryTab } from "@/components/bank/history-tab";
import { dayLabel, monthLabel } from "@/lib/client/date";
import { historyWindow, HISTORY_PAGE, type WalletPages } from "@/lib/client/history-feed";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import { fakeServer, ME, on, renderFresh } from "./bank-support";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/bank",
  useSearchParams: () => new URLSearchParams("tab=history"),
}));

function transfer(id: number, walletId: number, day = "2025-03-05"): TransferDto {
  return {
    id,
    kind: "transfer",
    senderWalletId: 900,
    receiverWalletId: walletId,
    amount: 100,
    currency: "RUB",
    receivedAmount: 100,
    receivedCurrency: "RUB",
    rate: "1",
    message: null,
    channel: "app",
    // Local time without a zone, so grouping does not depend on the machine's time zone.
    createdAt: `${day}T12:${String(id % 60).padStart(2, "0")}:00`,
  };
}

describe("historyWindow", () => {
  it("shows only what is complete across wallets and loads the wallet at the frontier", () => {
    const a: WalletPages = { walletId: 1, items: [transfer(100, 1), transfer(60, 1)], more: true };
    const b: WalletPages = { walletId: 2, items: [transfer(99, 2), transfer(10, 2)], more: false };
    const window = historyWindow([a, b]);
    // Wallet 1 may still hold transfers between 60 and 10: wallet 2's 10 waits for them.
    expect(window.transfers.map((t) => t.id).sort((x, y) => y - x)).toEqual([100, 99, 60]);
    expect(window.hasMore).toBe(true);
    expect(window.toLoad.map((p) => p.walletId)).toEqual([1]);
    expect(historyWindow([{ ...a, more: false }, b]).transfers).toHaveLength(4);
    expect(historyWindow([{ ...a, more: false }, b]).hasMore).toBe(false);
  });
});

describe("day headings", () => {
  const now = new Date(2026, 10, 23, 15, 0);
  it("says today, yesterday, the date, and the year when it is another", () => {
    expect(dayLabel(new Date(2026, 10, 23, 0, 5).toISOString(), now)).toBe("Сегодня");
    expect(dayLabel(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toBe("Вчера");
    expect(dayLabel(new Date(2026, 10, 12, 9, 0).toISOString(), now)).toBe("12 ноября");
    expect(dayLabel(new Date(2025, 0, 3, 9, 0).toISOString(), now)).toBe("3 января 2025");
  });
});

describe("month groups", () => {
  const now = new Date(2026, 10, 23, 15, 0);
  it("names a month, with its year when it is another", () => {
    expect(monthLabel(new Date(2026, 10, 2, 9, 0).toISOString(), now)).toBe("Ноябрь");
    expect(monthLabel(new Date(2025, 11, 31, 23, 0).toISOString(), now)).toBe("Декабрь 2025");
  });

  it("puts a busy month's days in one group, newest first", () => {
    // 20 days of March with one transfer each, and two days of February.
    const days = [...Array.from({ length: 20 }, (_, i) => `2025-03-${String(25 - i).padStart(2, "0")}`), "2025-02-28", "2025-02-03"];
    const list = days.map((day, i) => transfer(500 - i, 1, day));
    const months = groupByMonth(mergeHistory([list], [1]), now);
    expect(months.map((m) => m.label)).toEqual(["Март 2025", "Февраль 2025"]);
    expect(months[0].days).toHaveLength(20);
    expect(months[0].days[0].label).toBe("25 марта 2025");
    expect(months[1].days.map((d) => d.entries.map((e) => e.id))).toEqual([[480], [479]]);
  });
});

const WALLETS = [{ id: 1, currency: "RUB", balance: 100_000, number: "2202000000000001" }];
/** 60 transfers in wallet 1, ids 160…101, over two days. */
const ALL = Array.from({ length: 60 }, (_, i) => transfer(160 - i, 1, i < 30 ? "2025-03-06" : "2025-03-05"));

describe("history tab paging", () => {
  it("groups by day and loads the transfers past the first 50 through the cursor", async () => {
    const calls = fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
      on("GET", "/api/v1/transfers/wallet/1", { status: 200, body: ALL.slice(0, HISTORY_PAGE) }),
      on("GET", `/api/v1/transfers/wallet/1?limit=50&cursor=${ALL[49].id}`, { status: 200, body: ALL.slice(50) }),
      on("GET", /\/api\/v1\/transfers\/username\//, { status: 200, body: { username: "vera", avatarUrl: "/v.svg" } }),
    );
    renderFresh(<HistoryTab />);
    await waitFor(() => expect(screen.getAllByTestId("history-row")).toHaveLength(50));
    expect(screen.getByRole("heading", { name: "6 марта 2025" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "5 марта 2025" })).toBeInTheDocument();
    // Both days in one card under the month's heading.
    const march = screen.getByRole("region", { name: "Март 2025" });
    expect(march.querySelectorAll(".section")).toHaveLength(1);
    expect(march.querySelectorAll("h3")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Показать ещё" }));
    await waitFor(() => expect(screen.getAllByTestId("history-row")).toHaveLength(60));
    expect(screen.queryByRole("button", { name: "Показать ещё" })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/v1/transfers/wallet/1?limit=50&cursor=${ALL[49].id}`);
  });

  it("offers a retry after a failure, and shows the history once it loads", async () => {
    let fail = true;
    fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
      (call) =>
        call.path === "/api/v1/transfers/wallet/1"
          ? fail
            ? { status: 500, body: { message: "x", code: "INTERNAL_ERROR" } }
            : { status: 200, body: ALL.slice(0, 3) }
          : undefined,
      on("GET", /\/api\/v1\/transfers\/username\//, { status: 200, body: { username: "vera", avatarUrl: "/v.svg" } }),
    );
    renderFresh(<HistoryTab />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка загрузки истории переводов");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(screen.getAllByTestId("history-row")).toHaveLength(3));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
