import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PayRequestScreen } from "@/components/requests/pay-request";
import { RequestsScreen } from "@/components/requests/requests-screen";
import { fakeApi, posts, renderWithSwr, type Sent } from "./transfer-helpers";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

beforeEach(() => push.mockReset());

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";
const REQUEST = {
  token: TOKEN,
  amount: 50_000,
  currency: "RUB",
  message: "За ужин",
  status: "pending",
  createdAt: "2026-11-25T00:00:00.000Z",
  expiresAt: "2026-12-02T00:00:00.000Z",
  paidAt: null,
  requester: { name: "Алиса", avatarUrl: "/a/1.svg" },
  own: false,
  transferId: null,
};

describe("requesting money", () => {
  it("makes a request, shows its link as a QR code and lists it as 'ожидает'", async () => {
    let made = false;
    const sent = fakeApi((s: Sent) => {
      if (s.path !== "/api/v1/requests") return undefined;
      if (s.method === "POST") {
        made = true;
        return { status: 201, body: { ...REQUEST, own: true } };
      }
      return { status: 200, body: made ? [{ ...REQUEST, own: true }] : [] };
    });
    const user = userEvent.setup();
    renderWithSwr(<RequestsScreen />);
    expect(await screen.findByText("Запросов пока нет")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Сумма"), "500");
    await user.type(screen.getByLabelText("Сообщение плательщику"), "  За ужин ");
    await user.click(screen.getByRole("button", { name: "Создать ссылку" }));
    expect(await screen.findByText("Ссылка на оплату готова")).toBeInTheDocument();
    expect(await screen.findByTestId("request-link")).toHaveTextContent(`${window.location.origin}/pay?r=${TOKEN}`);
    const [request] = posts(sent, "/api/v1/requests");
    expect(request.body).toEqual({ currency: "RUB", amount: 50_000, message: "За ужин" });
    const row = await screen.findByTestId("request-row");
    expect(within(row).getByText("ожидает")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Отменить" })).toBeInTheDocument();
  });

  it("refuses an empty amount without asking the server", async () => {
    const sent = fakeApi((s: Sent) => (s.path === "/api/v1/requests" && s.method === "GET" ? { status: 200, body: [] } : undefined));
    const user = userEvent.setup();
    renderWithSwr(<RequestsScreen />);
    await user.type(screen.getByLabelText("Сумма"), "0");
    await user.click(screen.getByRole("button", { name: "Создать ссылку" }));
    expect(await screen.findAllByText("Введите корректную сумму")).not.toHaveLength(0);
    expect(posts(sent, "/api/v1/requests")).toHaveLength(0);
  });
});

describe("paying a request", () => {
  const read = (body: unknown, status = 200) => (s: Sent) => (s.path === `/api/v1/requests/${TOKEN}` ? { status, body } : undefined);

  it("shows who asks for what and pays it from the chosen account after the confirmation", async () => {
    const sent = fakeApi(read(REQUEST), (s: Sent) =>
      s.method === "POST" && s.path === `/api/v1/requests/${TOKEN}/pay`
        ? { status: 201, body: { id: 9, kind: "request", senderWalletId: 1, receiverWalletId: 5, amount: 50_000, currency: "RUB", receivedAmount: 50_000, receivedCurrency: "RUB", rate: "1", message: "За ужин", channel: "request", createdAt: "2026-11-25T00:00:00.000Z" } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithSwr(<PayRequestScreen token={TOKEN} />);
    expect(await screen.findByText("Алиса запрашивает")).toBeInTheDocument();
    expect(screen.getByText("500,00 ₽")).toBeInTheDocument();
    expect(screen.getByText("За ужин")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Оплатить" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Оплатить" }));
    const sheet = await screen.findByRole("dialog", { name: "Проверьте оплату" });
    expect(within(sheet).getByText("Алиса")).toBeInTheDocument();
    await user.click(within(sheet).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/9?new=1"));
    const [pay] = posts(sent, `/api/v1/requests/${TOKEN}/pay`);
    expect(pay.body).toEqual({ walletId: 1 });
    expect(pay.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("offline: says the outcome is unknown, reloads the request, and the retry reuses the key", async () => {
    let pays = 0;
    const sent = fakeApi(read(REQUEST), (s: Sent) => {
      if (s.method !== "POST" || s.path !== `/api/v1/requests/${TOKEN}/pay`) return undefined;
      return ++pays === 1
        ? { network: true as const }
        : { status: 201, body: { id: 9, kind: "request", senderWalletId: 1, receiverWalletId: 5, amount: 50_000, currency: "RUB", receivedAmount: 50_000, receivedCurrency: "RUB", rate: "1", message: null, channel: "request", createdAt: "2026-11-25T00:00:00.000Z" } };
    });
    const user = userEvent.setup();
    renderWithSwr(<PayRequestScreen token={TOKEN} />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Оплатить" })).toBeEnabled());
    const pay = async () => {
      await user.click(screen.getByRole("button", { name: "Оплатить" }));
      await user.click(within(await screen.findByRole("dialog", { name: "Проверьте оплату" })).getByRole("button", { name: "Подтвердить" }));
    };
    await pay();
    expect(await screen.findByRole("alert")).toHaveTextContent("неизвестно, выполнен ли перевод");
    const reads = () => sent.filter((s) => s.method === "GET" && s.path === `/api/v1/requests/${TOKEN}`).length;
    await waitFor(() => expect(reads()).toBe(2));
    await pay();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/9?new=1"));
    const [first, retry] = posts(sent, `/api/v1/requests/${TOKEN}/pay`);
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
  });

  it("says a paid request is paid and offers nothing to pay; one's own cannot be paid", async () => {
    fakeApi(read({ ...REQUEST, status: "paid" }));
    const { unmount } = renderWithSwr(<PayRequestScreen token={TOKEN} />);
    expect(await screen.findByRole("status")).toHaveTextContent("оплачен");
    expect(screen.queryByRole("button", { name: "Оплатить" })).not.toBeInTheDocument();
    unmount();
    fakeApi(read({ ...REQUEST, own: true }));
    renderWithSwr(<PayRequestScreen token={TOKEN} />);
    expect(await screen.findByText(/Это ваш запрос/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Оплатить" })).not.toBeInTheDocument();
  });

  it("says an unknown request is not found", async () => {
    fakeApi(read({ message: "Не найдено", code: "NOT_FOUND" }, 404));
    renderWithSwr(<PayRequestScreen token={TOKEN} />);
    expect(await screen.findByText("Запрос не найден")).toBeInTheDocument();
  });
});
