import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ExchangeForm } from "@/components/exchange/exchange-form";
import { fakeApi, posts, renderWithSwr, type Sent } from "./transfer-helpers";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

beforeEach(() => push.mockReset());

const CREATED = {
  kind: "exchange",
  id: 77,
  senderWalletId: 1,
  receiverWalletId: 2,
  amount: 901_234,
  currency: "RUB",
  receivedAmount: 10_000,
  receivedCurrency: "USD",
  rate: "0.0110958974",
  message: null,
  channel: "app",
  createdAt: "2026-11-25T00:00:00.000Z",
};
const created = (sent: Sent) =>
  sent.method === "POST" && sent.path === "/api/v1/exchanges" ? { status: 201, body: CREATED } : undefined;

const give = () => screen.getByLabelText("Отдаю, RUB");
const get = () => screen.getByLabelText("Получаю, USD");

describe("exchange form", () => {
  it("brings both amounts and the rate into view together while one of them is typed", async () => {
    fakeApi(created);
    const user = userEvent.setup();
    // jsdom lays nothing out: only the request to the browser is seen.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderWithSwr(<ExchangeForm />);
      await user.click(await screen.findByLabelText("Отдаю, RUB"));
      const [pair] = scrolled;
      expect(pair).toContainElement(give());
      expect(pair).toContainElement(get());
      expect(pair).toHaveTextContent("Курс ЦБ на сегодня");
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it("converts what I give into what I get, down, and shows the rate both ways and the fee", async () => {
    fakeApi(created);
    const user = userEvent.setup();
    renderWithSwr(<ExchangeForm />);
    await user.type(await screen.findByLabelText("Отдаю, RUB"), "1000");
    // 1 $ = 90,1234 ₽: 1 000,00 ₽ → 11,0958… $ → 11,09 $.
    await waitFor(() => expect(get()).toHaveValue("11,09"));
    const quote = screen.getByRole("status");
    expect(within(quote).getByText("1 $ = 90,1234 ₽")).toBeInTheDocument();
    expect(within(quote).getByText("1 ₽ = 0,0111 $")).toBeInTheDocument();
    expect(within(quote).getByText("0,00 ₽")).toBeInTheDocument();
  });

  it("asks the least amount that covers what I want to get, and sends that side", async () => {
    const sent = fakeApi(created);
    const user = userEvent.setup();
    renderWithSwr(<ExchangeForm />);
    await user.type(await screen.findByLabelText("Получаю, USD"), "100");
    // 100,00 $ × 90,1234 = 9 012,34 ₽ exactly.
    await waitFor(() => expect(give()).toHaveValue("9012,34"));
    await user.clear(get());
    await user.type(get(), "0,01");
    // One cent costs 90,1234 kopecks: 91 kopecks, rounded up.
    await waitFor(() => expect(give()).toHaveValue("0,91"));
    await user.click(screen.getByRole("button", { name: "Обменять" }));
    const sheet = await screen.findByRole("dialog", { name: "Проверьте обмен" });
    expect(within(sheet).getByText("0,91 ₽")).toBeInTheDocument();
    expect(within(sheet).getByText("0,01 $")).toBeInTheDocument();
    // "Получатель: Между своими счетами" with the exchange icon, not the initials of those words.
    expect(within(sheet).getByText("Между своими счетами")).toBeInTheDocument();
    expect(within(sheet).queryByRole("img")).toBeNull();
    expect(sheet.querySelector(".avatar-icon svg")).not.toBeNull();
    await user.click(within(sheet).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/77?new=1"));
    const [request] = posts(sent, "/api/v1/exchanges");
    expect(request.body).toEqual({ fromWalletId: 1, toWalletId: 2, receivedAmount: 1 });
    expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never offers the same account on both sides, and swaps them", async () => {
    fakeApi(created);
    const user = userEvent.setup();
    renderWithSwr(<ExchangeForm initialFromId={2} />);
    const toGroup = await screen.findByRole("radiogroup", { name: "На счёт" });
    expect(within(toGroup).queryByText(/Доллары/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Поменять счета местами" }));
    expect(await screen.findByLabelText("Отдаю, RUB")).toBeInTheDocument();
    expect(screen.getByLabelText("Получаю, USD")).toBeInTheDocument();
  });

  it("shows a refusal in Russian and sends nothing without an amount", async () => {
    const sent = fakeApi((s) =>
      s.method === "POST" ? { status: 422, body: { message: "Недостаточно средств на счёте", code: "INSUFFICIENT_FUNDS" } } : undefined,
    );
    const user = userEvent.setup();
    renderWithSwr(<ExchangeForm />);
    await user.type(await screen.findByLabelText("Отдаю, RUB"), "0");
    await user.click(screen.getByRole("button", { name: "Обменять" }));
    expect(await screen.findAllByText("Введите корректную сумму")).not.toHaveLength(0);
    expect(posts(sent, "/api/v1/exchanges")).toHaveLength(0);
    await user.clear(give());
    await user.type(give(), "5");
    await user.click(screen.getByRole("button", { name: "Обменять" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Подтвердить" }));
    expect(await screen.findByText("Ошибка: Недостаточно средств на счёте")).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
  });

  it("a retry after no answer reuses the Idempotency-Key; after a refusal, an edit or success it is new", async () => {
    const replies = [{ network: true as const }, { status: 201, body: CREATED }, { status: 422, body: { message: "Недостаточно средств на счёте", code: "INSUFFICIENT_FUNDS" } }, { status: 201, body: CREATED }];
    const sent = fakeApi((s) => (s.method === "POST" && s.path === "/api/v1/exchanges" ? replies.shift() : undefined));
    const user = userEvent.setup();
    renderWithSwr(<ExchangeForm />);
    await user.type(await screen.findByLabelText("Отдаю, RUB"), "5");
    const exchange = async () => {
      await user.click(screen.getByRole("button", { name: "Обменять" }));
      await user.click(within(await screen.findByRole("dialog", { name: "Проверьте обмен" })).getByRole("button", { name: "Подтвердить" }));
    };
    await exchange();
    expect(await screen.findByRole("alert")).toHaveTextContent("неизвестно, выполнен ли перевод");
    await exchange();
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/77?new=1"));
    await exchange();
    expect(await screen.findByText("Ошибка: Недостаточно средств на счёте")).toBeInTheDocument();
    await exchange();
    const keys = posts(sent, "/api/v1/exchanges").map((p) => p.headers["idempotency-key"]);
    expect(keys).toHaveLength(4);
    // Lost answer → same key; success → new key; refusal → new key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    await user.type(give(), "0");
    await exchange();
    expect(posts(sent, "/api/v1/exchanges")[4].headers["idempotency-key"]).not.toBe(keys[3]);
  });
});
