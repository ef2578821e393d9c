import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SchedulesScreen } from "@/components/schedules/schedules-screen";
import { fakeApi, posts, renderWithSwr } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const BASE = {
  senderWalletId: 1, receiverWalletId: 11, amount: 1_234, currency: "RUB", message: null, endDate: null, count: null,
  consecutiveFailures: 0, recipient: { name: "boris", account: "•• 0011", currency: "RUB" }, runs: [], createdAt: "2037-11-30T10:00:00.000Z",
};
const WEEKLY = { ...BASE, id: 1, kind: "weekly", day: 2, startDate: "2037-12-01", count: 4, status: "active", nextOccurrence: "2037-12-01" };
const MONTHLY = { ...BASE, id: 2, kind: "monthly", day: 31, startDate: "2037-12-31", endDate: "2038-06-30", status: "active", nextOccurrence: "2037-12-31" };
const PAUSED_ONCE = { ...BASE, id: 3, kind: "once", day: 0, startDate: "2037-12-05", status: "paused", nextOccurrence: null };

function renderList() {
  const sent = fakeApi((s) => {
    if (s.method === "GET" && s.path === "/api/v1/schedules") return { status: 200, body: [WEEKLY, MONTHLY, PAUSED_ONCE] };
    if (s.method === "POST" && s.path === "/api/v1/schedules/1/cancel") return { status: 200, body: { ...WEEKLY, status: "cancelled", nextOccurrence: null } };
    return undefined;
  });
  renderWithSwr(<SchedulesScreen />);
  return sent;
}

const row = async (id: number) => {
  await screen.findAllByTestId("schedule-row");
  return document.getElementById(`schedule-${id}`)!;
};

describe("the list of schedules", () => {
  it("says when each ends, with the weekday in lower case mid-phrase and dates that do not wrap", async () => {
    renderList();
    const weekly = await row(1);
    expect(weekly).toHaveTextContent("Каждую неделю, вторник");
    expect(within(weekly).getByTestId("schedule-end")).toHaveTextContent("Всего 4 раза");
    const monthly = await row(2);
    expect(within(monthly).getByTestId("schedule-end").textContent).toBe("До 30\u00a0июня\u00a02038\u00a0г.");
    expect(within(monthly).getByTestId("schedule-next").textContent).toBe("Следующий: 31\u00a0декабря\u00a02037\u00a0г.");
  });

  it("a paused one-off says it is paused and when it would run, not that it will never run again", async () => {
    renderList();
    const paused = within(await row(3)).getByTestId("schedule-next");
    expect(paused).not.toHaveTextContent("Больше не повторится");
    expect(paused.textContent).toBe("На паузе: перевод 5\u00a0декабря\u00a02037\u00a0г. будет выполнен, только если возобновить расписание");
  });

  it("cancels through the app's sheet, never the browser's confirm()", async () => {
    const confirm = jest.spyOn(window, "confirm").mockImplementation(() => true);
    const sent = renderList();
    const user = userEvent.setup();
    await user.click(within(await row(1)).getByRole("button", { name: "Отменить" }));
    expect(confirm).not.toHaveBeenCalled();
    const sheet = await screen.findByRole("dialog", { name: "Отменить запланированный перевод?" });
    expect(sheet).toHaveTextContent("Каждую неделю, вторник");

    await user.click(within(sheet).getByRole("button", { name: "Не отменять" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts(sent, "/api/v1/schedules/1/cancel")).toHaveLength(0);

    await user.click(within(await row(1)).getByRole("button", { name: "Отменить" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Да, отменить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/schedules/1/cancel")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    confirm.mockRestore();
  });
});
