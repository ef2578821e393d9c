import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OnlineTopUpForm } from "@/components/top-up/online-form";
import { chooseLanguage } from "@/lib/client/language";
import { fakeApi, posts, renderWithSwr, type Sent } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

function topUpReplies(...statuses: number[]) {
  let call = 0;
  return (sent: Sent) => {
    if (sent.method !== "POST" || sent.path !== "/api/v1/wallet/topup") return undefined;
    const status = statuses[Math.min(call++, statuses.length - 1)];
    if (status === 0) return { network: true as const };
    return status === 200
      ? { status, body: { id: 2, currency: "USD", balance: 1, number: "1" } }
      : { status, body: { message: "Внутренняя ошибка сервера. Попробуйте позже", code: "INTERNAL" } };
  };
}

afterEach(() => act(() => chooseLanguage("ru")));

describe("/add-money/online", () => {
  it("writes amounts in the reader's notation: the empty field, what is typed and the success", async () => {
    fakeApi(topUpReplies(200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    const field = screen.getByLabelText("Сумма");
    expect(field).toHaveAttribute("placeholder", "0,00");
    await user.type(field, "12.5");
    expect(field).toHaveValue("12,5");
    // In English: the point, whichever mark was typed or kept; money as "₽12.50".
    act(() => chooseLanguage("en"));
    const english = await screen.findByLabelText("Amount");
    expect(english).toHaveAttribute("placeholder", "0.00");
    expect(english).toHaveValue("12.5");
    await user.type(english, "0");
    expect(english).toHaveValue("12.50");
    await user.click(screen.getByRole("button", { name: "Top up" }));
    expect((await screen.findByRole("status")).textContent).toBe("Wallet topped up by ₽12.50");
  });

  it("credits the chosen currency in minor units and says so in Russian formatting", async () => {
    const sent = fakeApi(topUpReplies(200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    await user.click(screen.getByRole("radio", { name: "USD $" }));
    await user.type(screen.getByLabelText("Сумма"), "1234,5");
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Кошелек пополнен на 1 234,50 $");
    const [request] = posts(sent, "/api/v1/wallet/topup");
    expect(request.body).toEqual({ currency: "USD", amount: 123450 });
    expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the failure text, and a retry of the same form reuses its idempotency key", async () => {
    const sent = fakeApi(topUpReplies(500, 200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    await user.type(screen.getByLabelText("Сумма"), "10");
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось пополнить кошелек");
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Кошелек пополнен на 10,00 ₽");
    // The failure's popup is gone once the top-up succeeded.
    expect(screen.queryByText("Не удалось пополнить кошелек")).not.toBeInTheDocument();
    const [first, retry] = posts(sent, "/api/v1/wallet/topup");
    expect(first.body).toEqual({ currency: "RUB", amount: 1000 });
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
  });

  it("offline: says the outcome is unknown and a retry is safe; the retry reuses the key", async () => {
    const sent = fakeApi(topUpReplies(0, 200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    await user.type(screen.getByLabelText("Сумма"), "10");
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("неизвестно, зачислено ли пополнение");
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Кошелек пополнен на 10,00 ₽");
    // The failure's popup is gone once the top-up succeeded.
    expect(screen.queryByText("Не удалось пополнить кошелек")).not.toBeInTheDocument();
    const [first, retry] = posts(sent, "/api/v1/wallet/topup");
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
  });

  it("refuses a zero amount with 'Введите корректную сумму' and sends nothing", async () => {
    const sent = fakeApi(topUpReplies(200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    const button = screen.getByRole("button", { name: "Пополнить" });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText("Сумма"), "0.00");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent("Введите корректную сумму");
    expect(screen.getByLabelText("Сумма")).toHaveAttribute("aria-invalid", "true");
    expect(posts(sent, "/api/v1/wallet/topup")).toHaveLength(0);
  });

  it("refuses more than the single top-up limit before asking the server", async () => {
    const sent = fakeApi(topUpReplies(200));
    const user = userEvent.setup();
    renderWithSwr(<OnlineTopUpForm />);
    await user.type(screen.getByLabelText("Сумма"), "1000000.01");
    await user.click(screen.getByRole("button", { name: "Пополнить" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/1 000 000,00/));
    expect(posts(sent, "/api/v1/wallet/topup")).toHaveLength(0);
  });
});
