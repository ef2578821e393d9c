import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LimitsScreen } from "@/components/limits/limits-screen";
import { mayUnfreeze } from "@/lib/client/limits";
import { fakeApi, renderWithSwr, type Sent } from "./transfer-helpers";

// The app lock's answer (biometrics inside Telegram) is the test's.
jest.mock("@/lib/client/limits", () => ({ ...jest.requireActual("@/lib/client/limits"), mayUnfreeze: jest.fn() }));
const lockAnswer = jest.mocked(mayUnfreeze);

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const none = { daily: null, monthly: null, pendingDaily: null, pendingMonthly: null, sentToday: 0, sentThisMonth: 0 };
const LIMITS: { frozen: boolean; frozenAt: string | null; limits: object[] } = {
  frozen: false,
  frozenAt: null,
  limits: [
    { ...none, currency: "RUB", daily: 500_000, monthly: null, pendingDaily: { amount: 2_000_000, from: "2037-12-02T10:00:00.000Z" }, sentToday: 12_345, sentThisMonth: 99_000 },
    { ...none, currency: "USD" },
    { ...none, currency: "EUR" },
    { ...none, currency: "CNY" },
  ],
};

function renderScreen(start: typeof LIMITS = LIMITS) {
  const sent = fakeApi((s) => {
    if (s.method === "GET" && s.path === "/api/v1/limits") return { status: 200, body: start };
    if (s.method === "PUT" && s.path === "/api/v1/limits") return { status: 200, body: { ...LIMITS, ...(s.body as object), frozenAt: "2037-12-01T10:00:00.000Z" } };
    if (s.method === "PUT" && s.path === "/api/v1/limits/RUB") return { status: 200, body: LIMITS };
    return undefined;
  });
  renderWithSwr(<LimitsScreen />);
  return sent;
}

const puts = (sent: Sent[], path: string) => sent.filter((s) => s.method === "PUT" && s.path === path);

describe("Лимиты и заморозка", () => {
  it("shows the limits in force, what was sent, and a raise that waits with when it applies", async () => {
    renderScreen();
    const rub = await screen.findByTestId("limits-RUB");
    expect(within(rub).getByLabelText("В день")).toHaveValue("5000,00");
    expect(within(rub).getByLabelText("В месяц")).toHaveValue("");
    expect(within(rub).getByText(/^Отправлено сегодня/).textContent).toBe("Отправлено сегодня 123,45\u00a0₽, в этом месяце 990,00\u00a0₽");
    expect(within(rub).getByTestId("limit-pending")).toHaveTextContent(/В день: повышение до 20\s000,00\s₽ с 2 дек\. 2037/);
  });

  it("saves a currency's limits in minor units, an empty field as no limit", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const rub = await screen.findByTestId("limits-RUB");
    const daily = within(rub).getByLabelText("В день");
    await user.clear(daily);
    await user.type(daily, "1500,5");
    await user.click(within(rub).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(puts(sent, "/api/v1/limits/RUB")).toHaveLength(1));
    expect(puts(sent, "/api/v1/limits/RUB")[0].body).toEqual({ daily: 150_050, monthly: null });
  });

  it("an amount of zero is refused on the screen and nothing is sent", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const rub = await screen.findByTestId("limits-RUB");
    const daily = within(rub).getByLabelText("В день");
    await user.clear(daily);
    await user.type(daily, "0");
    await user.click(within(rub).getByRole("button", { name: "Сохранить" }));
    expect(await within(rub).findByText("Введите сумму больше нуля или оставьте поле пустым")).toBeInTheDocument();
    expect(puts(sent, "/api/v1/limits/RUB")).toHaveLength(0);
  });

  it("the freeze switch freezes at once and shows since when", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const section = await screen.findByTestId("freeze-section");
    await user.click(within(section).getByRole("switch", { name: "Заморозить переводы" }));
    await waitFor(() => expect(puts(sent, "/api/v1/limits")).toHaveLength(1));
    expect(puts(sent, "/api/v1/limits")[0].body).toEqual({ frozen: true });
    await waitFor(() => expect(within(section).getByRole("switch")).toHaveAttribute("aria-checked", "true"));
    expect(within(section).getByTestId("freeze-state")).toHaveTextContent(/Переводы заморожены с/);
  });

  it("unfreezing asks for the app lock: refused, nothing is sent and transfers stay frozen; passed, it unfreezes", async () => {
    const frozen = { ...LIMITS, frozen: true, frozenAt: "2037-12-01T10:00:00.000Z" };
    lockAnswer.mockResolvedValueOnce(false);
    const sent = renderScreen(frozen);
    const user = userEvent.setup();
    const section = await screen.findByTestId("freeze-section");
    await user.click(within(section).getByRole("switch", { name: "Заморозить переводы" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось подтвердить: переводы остаются замороженными");
    expect(lockAnswer).toHaveBeenCalledWith(null, "Подтвердите, чтобы разморозить переводы");
    expect(puts(sent, "/api/v1/limits")).toHaveLength(0);
    expect(within(section).getByRole("switch")).toHaveAttribute("aria-checked", "true");

    lockAnswer.mockResolvedValueOnce(true);
    await user.click(within(section).getByRole("switch", { name: "Заморозить переводы" }));
    await waitFor(() => expect(puts(sent, "/api/v1/limits")).toHaveLength(1));
    expect(puts(sent, "/api/v1/limits")[0].body).toEqual({ frozen: false });
  });
});
