import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { HistoryTab } from "@/components/bank/history-tab";
import { filtersOfSearch, searchWithFilters } from "@/lib/shared/history-filters";
import { fakeServer, ME, on, renderFresh, signIn, type Call, type Route } from "./bank-support";

/** The tab with a fresh SWR cache, and a rerender that keeps it (as a changed address does). */
function renderTab() {
  const cache = new Map();
  const tree = () => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0, shouldRetryOnError: false }}>
      <HistoryTab />
    </SWRConfig>
  );
  const view = render(tree());
  return { rerender: () => view.rerender(tree()) };
}

// The address as the history screen sees it; router.replace changes it as Next.js would.
let search = new URLSearchParams();
const replace = jest.fn((href: string) => {
  search = new URLSearchParams(href.split("?")[1] ?? "");
});
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn() }),
  usePathname: () => "/bank",
  useSearchParams: () => search,
}));

const WALLETS = [{ id: 1, currency: "RUB", balance: 100_000, number: "2202000000000001" }];
const ROW = {
  kind: "transfer",
  id: 7,
  senderWalletId: 50,
  receiverWalletId: 1,
  amount: 1_250,
  currency: "RUB",
  receivedAmount: 1_250,
  receivedCurrency: "RUB",
  rate: "1",
  message: "Кофе",
  channel: "app",
  createdAt: "2025-03-05T09:07:00",
};

/** The history answers one row without filters, none with any. */
const base: Route[] = [
  on("GET", "/api/v1/users/me", { status: 200, body: ME }),
  on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
  on("GET", "/api/v1/transfers/wallet/1", { status: 200, body: [ROW] }),
  on("GET", /^\/api\/v1\/transfers\/wallet\/1\?/, { status: 200, body: [] }),
  on("GET", "/api/v1/transfers/username/50", { status: 200, body: { username: "boris", avatarUrl: "/b.svg" } }),
];

/** The filters the history was last asked for, as the API's query. */
const lastHistoryQuery = (calls: Call[]) => {
  const asked = calls.filter((c) => c.path.startsWith("/api/v1/transfers/wallet/1"));
  return new URLSearchParams(asked[asked.length - 1]?.path.split("?")[1] ?? "");
};

beforeEach(() => {
  signIn();
  replace.mockClear();
  search = new URLSearchParams("tab=history");
});

describe("the history's filters live in the address", () => {
  it("a link or a reload with filters shows them in the fields and asks the server for them", async () => {
    search = new URLSearchParams("tab=history&q=кофе&kind=transfer&direction=in&from=2025-03-01&to=2025-03-31");
    const calls = fakeServer(...base);
    renderFresh(<HistoryTab />);
    expect(await screen.findByText("Ничего не найдено")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Фильтры (4)" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Поиск")).toHaveValue("кофе");
    expect(screen.getByLabelText("Операции")).toHaveValue("transfer");
    expect(screen.getByRole("radio", { name: "Входящие" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByLabelText("С даты")).toHaveValue("2025-03-01");
    expect(screen.getByLabelText("По дату")).toHaveValue("2025-03-31");
    expect(Object.fromEntries(lastHistoryQuery(calls))).toEqual({
      q: "кофе",
      kind: "transfer",
      direction: "in",
      from: "2025-03-01",
      to: "2025-03-31",
    });
    expect(replace).not.toHaveBeenCalled();
  });

  it("each change replaces the address (the tab kept), the search after a pause, and the reset clears them all", async () => {
    fakeServer(...base);
    const { rerender } = renderTab();
    expect(await screen.findAllByTestId("history-row")).toHaveLength(1);

    fireEvent.change(screen.getByLabelText("Поиск"), { target: { value: "  кофе " } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(replace).not.toHaveBeenCalled();
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith("/bank?tab=history&q=%D0%BA%D0%BE%D1%84%D0%B5", { scroll: false }));
    rerender();

    // The other filters are behind "Фильтры" until one is set.
    expect(screen.queryByLabelText("Операции")).toBeNull();
    const more = screen.getByRole("button", { name: "Фильтры" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(more);
    expect(more).toHaveAttribute("aria-expanded", "true");
    fireEvent.change(screen.getByLabelText("Операции"), { target: { value: "exchange" } });
    expect(Object.fromEntries(search)).toEqual({ tab: "history", q: "кофе", kind: "exchange" });
    rerender();
    fireEvent.click(screen.getByRole("radio", { name: "Исходящие" }));
    rerender();
    fireEvent.change(screen.getByLabelText("С даты"), { target: { value: "2025-03-01" } });
    rerender();
    expect(Object.fromEntries(search)).toEqual({ tab: "history", q: "кофе", kind: "exchange", direction: "out", from: "2025-03-01" });
    expect(screen.getByRole("button", { name: "Фильтры (3)" })).toBeInTheDocument();
    expect(await screen.findByText("Ничего не найдено")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Сбросить фильтры" }));
    expect(replace).toHaveBeenLastCalledWith("/bank?tab=history", { scroll: false });
    rerender();
    expect(screen.getByLabelText("Поиск")).toHaveValue("");
    expect(await screen.findAllByTestId("history-row")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Сбросить фильтры" })).toBeNull();
  });

  it("Back (the address changing under it) brings the field and the list along", async () => {
    fakeServer(...base);
    const { rerender } = renderTab();
    expect(await screen.findAllByTestId("history-row")).toHaveLength(1);
    search = new URLSearchParams("tab=history&q=boris");
    act(() => rerender());
    expect(screen.getByLabelText("Поиск")).toHaveValue("boris");
    expect(await screen.findByText("Ничего не найдено")).toBeInTheDocument();
    search = new URLSearchParams("tab=history");
    act(() => rerender());
    expect(screen.getByLabelText("Поиск")).toHaveValue("");
    expect(await screen.findAllByTestId("history-row")).toHaveLength(1);
    // Nothing was written to the address by merely following it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(replace).not.toHaveBeenCalled();
  });

  it("without filters an empty history still says there are no transfers yet", async () => {
    fakeServer(...base.slice(0, 2), on("GET", "/api/v1/transfers/wallet/1", { status: 200, body: [] }));
    renderFresh(<HistoryTab />);
    expect(await screen.findByText("Переводов пока нет")).toBeInTheDocument();
  });
});

describe("the address's query and the filters", () => {
  it("reads what the API takes and leaves anything else out", () => {
    const read = (query: string) => filtersOfSearch(new URLSearchParams(query));
    expect(read("q=%20500%20&kind=topup&direction=out&currency=USD&from=2025-01-01&to=2025-01-31")).toEqual({
      q: "500",
      kind: "topup",
      direction: "out",
      currency: "USD",
      from: "2025-01-01",
      to: "2025-01-31",
    });
    expect(read("q=&kind=gift&direction=up&currency=XYZ&from=2025-02-30&to=01.01.2025")).toEqual({});
    expect(read("from=2025-02-01&to=2025-01-01")).toEqual({ from: "2025-02-01" });
  });

  it("writes the filters beside the other parameters, dropping the empty ones", () => {
    expect(searchWithFilters("tab=history&q=old&kind=topup", { q: "новое", direction: "in" })).toBe("tab=history&q=%D0%BD%D0%BE%D0%B2%D0%BE%D0%B5&direction=in");
    expect(searchWithFilters("tab=history&q=old", {})).toBe("tab=history");
  });
});
