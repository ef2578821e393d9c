import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrdersScreen } from "@/components/orders/orders-screen";
import { fakeApi, posts, renderWithSwr } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const WATCH = { currency: "USD", metRate: null, createdAt: "2037-11-30T10:00:00.000Z", doneAt: null, expiresOn: "2037-12-31" };
const WAITING = { ...WATCH, id: 1, direction: "above", target: 100, fromWalletId: 2, toWalletId: 1, amount: 100_000, status: "waiting", reason: null, transferId: null };
const FAILED = { ...WAITING, id: 2, target: 95.5, status: "failed", reason: "INSUFFICIENT_FUNDS", metRate: 96, doneAt: "2037-12-01T10:00:00.000Z" };
const BUY_DONE = { ...WAITING, id: 3, direction: "below", fromWalletId: 1, toWalletId: 2, target: 90, status: "done", metRate: 89.5, transferId: 40 };
const ALERT = { ...WATCH, id: 9, direction: "below", target: 90, status: "expired" };

function renderScreen(orders: unknown[] = [WAITING, FAILED, BUY_DONE], alerts: unknown[] = [ALERT]) {
  const sent = fakeApi((s) => {
    if (s.method === "GET" && s.path === "/api/v1/orders") return { status: 200, body: orders };
    if (s.method === "GET" && s.path === "/api/v1/rate-alerts") return { status: 200, body: alerts };
    if (s.method === "POST" && s.path === "/api/v1/orders/1/cancel") return { status: 200, body: { ...WAITING, status: "cancelled" } };
    if (s.method === "POST" && s.path === "/api/v1/orders") return { status: 201, body: { ...WAITING, id: 5 } };
    if (s.method === "POST" && s.path === "/api/v1/rate-alerts") {
      return { status: 400, body: { code: "VALIDATION_ERROR", message: "Дата окончания не может быть в прошлом" } };
    }
    return undefined;
  });
  renderWithSwr(<OrdersScreen />);
  return sent;
}

describe("orders and alerts", () => {
  it("lists each with its state: waiting, done with the rate that met it, failed with its reason, expired", async () => {
    renderScreen();
    const rows = await screen.findAllByTestId("order-row");
    expect(rows[0]).toHaveTextContent("Продать 1 000,00 $, когда 1 $ ≥ 100,00 ₽");
    expect(rows[0]).toHaveTextContent("Ожидает");
    expect(rows[1]).toHaveTextContent("Не выполнена");
    expect(rows[1]).toHaveTextContent("недостаточно средств");
    expect(rows[1]).toHaveTextContent("Курс 96,00 ₽");
    expect(rows[2]).toHaveTextContent("Купить 1 000,00 $, когда 1 $ ≤ 90,00 ₽");
    expect(rows[2]).toHaveTextContent("Выполнена");
    const alert = await screen.findByTestId("alert-row");
    expect(alert).toHaveTextContent("Когда 1 $ ≤ 90,00 ₽");
    expect(alert).toHaveTextContent("Истекло");
    // Only a waiting one can be cancelled.
    expect(within(rows[1]).queryByRole("button")).toBeNull();
    expect(within(alert).queryByRole("button")).toBeNull();
  });

  it("cancels a waiting order after asking, and not when the customer keeps it", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const [row] = await screen.findAllByTestId("order-row");
    await user.click(within(row).getByRole("button", { name: "Отменить" }));
    await user.click(within(row).getByRole("button", { name: "Не отменять" }));
    expect(posts(sent, "/api/v1/orders/1/cancel")).toHaveLength(0);
    await user.click(within(row).getByRole("button", { name: "Отменить" }));
    await user.click(within(row).getByRole("button", { name: "Да, отменить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/orders/1/cancel")).toHaveLength(1));
  });

  it("creates a selling order from the dollar account to the ruble one, with one key for a retry", async () => {
    const sent = renderScreen([], []);
    const user = userEvent.setup();
    expect(await screen.findByText("Курс ЦБ сегодня: 90,1234 ₽")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Целевой курс, ₽ за 1 $"), "100,5");
    await user.type(screen.getByLabelText("Сумма, $"), "1000");
    await user.click(screen.getByRole("button", { name: "Создать заявку" }));
    await waitFor(() => expect(posts(sent, "/api/v1/orders")).toHaveLength(1));
    const [created] = posts(sent, "/api/v1/orders");
    expect(created.body).toMatchObject({ fromWalletId: 2, toWalletId: 1, amount: 100_000, target: 100.5 });
    expect(created.headers["Idempotency-Key"] ?? created.headers["idempotency-key"]).toBeTruthy();
    expect(await screen.findByText("Заявка создана")).toBeInTheDocument();
  });

  it("an alert: says the server's refusal in the form", async () => {
    renderScreen([], []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Уведомление" }));
    expect(screen.queryByLabelText("Сумма, $")).toBeNull();
    await user.type(screen.getByLabelText("Целевой курс, ₽ за 1 $"), "90");
    await user.click(screen.getByRole("button", { name: "Создать уведомление" }));
    expect(await screen.findByText("Дата окончания не может быть в прошлом")).toBeInTheDocument();
  });
});
