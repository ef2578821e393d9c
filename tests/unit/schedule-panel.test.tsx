import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SchedulePanel } from "@/components/schedules/schedule-panel";
import { TransferForm } from "@/components/transfer/transfer-form";
import { chooseLanguage } from "@/lib/client/language";
import { fakeApi, posts, renderWithSwr } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const toast = { success: jest.fn(), error: jest.fn() } as unknown as Parameters<typeof SchedulePanel>[0]["toast"];

function renderPanel() {
  renderWithSwr(
    <SchedulePanel senderWalletId={1} receiverWalletId={12} minor={10_000n} message={null} summary={null} toast={toast} onAmountError={jest.fn()} />,
  );
}

/** The words under a field (its hint, which also describes it). */
const described = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

/** A date as the list and the hints write it: no-break spaces, so it never wraps. */
const nb = (text: string) => text.replace(/ /g, "\u00a0");

afterEach(() => act(() => chooseLanguage("ru")));

describe("the schedule's date fields", () => {
  it("keep the native picker and say the chosen day in the customer's language", async () => {
    const user = userEvent.setup();
    renderPanel();
    const start = screen.getByLabelText("Начиная с");
    expect(start).toHaveAttribute("type", "date");
    fireEvent.change(start, { target: { value: "2026-12-01" } });
    expect(described(start)).toBe(nb("1 декабря 2026 г."));

    await user.click(screen.getByRole("radio", { name: "До даты" }));
    const end = screen.getByLabelText("До даты");
    expect(described(end)).toBeUndefined();
    fireEvent.change(end, { target: { value: "2027-03-14" } });
    expect(described(end)).toBe(nb("14 марта 2027 г."));

    act(() => chooseLanguage("en"));
    expect(described(await screen.findByLabelText("Starting"))).toBe(nb("1 December 2026"));
    expect(described(screen.getByLabelText("On a date"))).toBe(nb("14 March 2027"));
  });

  it("say nothing while the field holds no real day", () => {
    renderPanel();
    const start = screen.getByLabelText("Начиная с");
    fireEvent.change(start, { target: { value: "" } });
    expect(start).not.toHaveAttribute("aria-describedby");
  });
});

describe("the schedule's day follows its start date", () => {
  it("weekly from Tuesday 1 December runs on Tuesdays", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole("radio", { name: "Каждую неделю" }));
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2037-12-01" } });
    expect(screen.getByLabelText("День недели")).toHaveValue("2");
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2037-12-06" } });
    expect(screen.getByLabelText("День недели")).toHaveValue("7");
  });

  it("monthly from the 31st runs on the 31st", async () => {
    renderPanel();
    expect(screen.getByRole("radio", { name: "Каждый месяц" })).toHaveAttribute("aria-checked", "true");
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2037-12-31" } });
    expect(screen.getByLabelText("Число месяца")).toHaveValue("31");
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2038-01-15" } });
    expect(screen.getByLabelText("Число месяца")).toHaveValue("15");
  });

  it("a day the customer picked stays when the start date changes", async () => {
    const user = userEvent.setup();
    renderPanel();
    const monthDay = screen.getByLabelText("Число месяца");
    await user.clear(monthDay);
    await user.type(monthDay, "10");
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2037-12-31" } });
    expect(screen.getByLabelText("Число месяца")).toHaveValue("10");

    await user.click(screen.getByRole("radio", { name: "Каждую неделю" }));
    await user.selectOptions(screen.getByLabelText("День недели"), "5");
    fireEvent.change(screen.getByLabelText("Начиная с"), { target: { value: "2037-12-01" } });
    expect(screen.getByLabelText("День недели")).toHaveValue("5");
  });
});

describe("scheduling from the transfer form", () => {
  const SCHEDULE = {
    id: 9, senderWalletId: 1, receiverWalletId: 11, amount: 1_234, currency: "RUB", message: null, kind: "weekly", day: 2,
    startDate: "2037-12-01", endDate: null, count: 4, status: "active", consecutiveFailures: 0, nextOccurrence: "2037-12-01",
    recipient: { name: "boris", account: "•• 0011", currency: "RUB" }, runs: [], createdAt: "2037-11-30T10:00:00.000Z",
  };

  async function openPanel() {
    const sent = fakeApi((s) => (s.method === "POST" && s.path === "/api/v1/schedules" ? { status: 201, body: SCHEDULE } : undefined));
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000011" initialAmount="12.34" />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("button", { name: "Перевести" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Запланировать" }));
    return { sent, user, panel: screen.getByTestId("schedule-panel") };
  }

  it("comes into view when opened, and its action is the screen's only primary button", async () => {
    const scrolled: Element[] = [];
    Object.defineProperty(Element.prototype, "scrollIntoView", {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    try {
      const { panel } = await openPanel();
      expect(scrolled).toContain(panel);
      const primaries = document.querySelectorAll(".btn-primary");
      expect([...primaries].map((b) => b.textContent)).toEqual(["Запланировать перевод"]);
      expect(screen.queryByRole("button", { name: "Перевести" })).toBeNull();
      expect(screen.getByRole("button", { name: "Перевести сейчас" })).toHaveAttribute("aria-expanded", "true");
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it("shows a review sheet first, and creates nothing until 'Подтвердить'", async () => {
    const { sent, user, panel } = await openPanel();
    await user.click(within(panel).getByRole("radio", { name: "Каждую неделю" }));
    fireEvent.change(within(panel).getByLabelText("Начиная с"), { target: { value: "2037-12-01" } });
    await user.click(within(panel).getByRole("radio", { name: "Количество раз" }));
    await user.type(within(panel).getByLabelText("Количество раз"), "4");
    await user.click(screen.getByRole("button", { name: "Запланировать перевод" }));

    const sheet = await screen.findByRole("dialog", { name: "Проверьте перевод по расписанию" });
    const rows = within(sheet)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      "Счёт получателя: •• 0011",
      "Спишется: 12,34\u00a0₽",
      "Комиссия: 0,00\u00a0₽",
      "Когда: Каждую неделю, вторник",
      `Первый перевод: ${nb("1 декабря 2037 г.")}`,
      "Окончание: Всего 4 раза",
    ]);
    expect(posts(sent, "/api/v1/schedules")).toHaveLength(0);

    await user.click(within(sheet).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/schedules")).toHaveLength(1));
    expect(posts(sent, "/api/v1/schedules")[0].body).toMatchObject({
      kind: "weekly", day: 2, startDate: "2037-12-01", count: 4, endDate: null, amount: 1_234,
    });
  });

  it("refuses an end by count with no count, and opens no sheet", async () => {
    const { sent, user, panel } = await openPanel();
    await user.click(within(panel).getByRole("radio", { name: "Количество раз" }));
    await user.click(screen.getByRole("button", { name: "Запланировать перевод" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Количество раз — от 1 до 500")).toBeInTheDocument();
    expect(posts(sent, "/api/v1/schedules")).toHaveLength(0);
  });
});
