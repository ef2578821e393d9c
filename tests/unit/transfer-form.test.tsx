import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TransferForm } from "@/components/transfer/transfer-form";
import { fakeApi, posts, renderWithSwr, type Sent } from "./transfer-helpers";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const recipientGroup = () => screen.getByRole("radiogroup", { name: "Счёт получателя" });
const senderGroup = () => screen.getByRole("radiogroup", { name: "Списать со счёта" });
const submitButton = () => screen.getByRole("button", { name: /Перевести|Отправляем/ });
const checkedIn = (group: HTMLElement) =>
  within(group)
    .getAllByRole("radio")
    .filter((r) => r.getAttribute("aria-checked") === "true")
    .map((r) => r.textContent);

beforeEach(() => push.mockReset());

/** "Продолжить" on the recipient step. */
const continueButton = () => screen.getByRole("button", { name: "Продолжить" });

describe("transfer form, step 1: the recipient", () => {
  it("selects the recipient wallet whose number was typed (account-number method), shown masked", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" />);
    await user.type(screen.getByLabelText("Номер счёта получателя"), "4000000000000012");
    await waitFor(() => expect(checkedIn(recipientGroup())).toEqual(["Доллары $•• 0012"]));
    expect(within(recipientGroup()).queryByText(/4000 0000/)).not.toBeInTheDocument();
    await user.click(continueButton());
    // …and on the amount step the sender wallet in the same currency follows.
    await waitFor(() => expect(checkedIn(senderGroup())).toHaveLength(1));
    expect(checkedIn(senderGroup())[0]).toContain("4000 0000 0000 0002");
  });

  it("picks the sender wallet of the currency of the chosen recipient wallet", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="username" />);
    await user.type(screen.getByLabelText("Имя пользователя получателя"), "boris");
    expect(await screen.findByText("boris")).toBeInTheDocument();
    expect(screen.getByText("Имя подтверждено Telegram")).toBeInTheDocument();
    await screen.findByRole("radiogroup", { name: "Счёт получателя" });
    // By username nothing is chosen for the user, and nothing goes on without a choice.
    expect(checkedIn(recipientGroup())).toEqual([]);
    expect(continueButton()).toBeDisabled();

    await user.click(within(recipientGroup()).getByRole("radio", { name: /Юани/ }));
    await user.click(continueButton());
    expect(checkedIn(senderGroup())[0]).toContain("4000 0000 0000 0003");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    await user.click(within(recipientGroup()).getByRole("radio", { name: /Рубли/ }));
    await user.click(continueButton());
    expect(checkedIn(senderGroup())[0]).toContain("4000 0000 0000 0001");
  });

  it("does not look anyone up before 3 characters", async () => {
    const sent = fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="username" />);
    await user.type(screen.getByLabelText("Имя пользователя получателя"), "bo");
    expect(screen.getByText("Введите не менее 3 символов")).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(sent.some((s) => s.path.startsWith("/api/v1/users/"))).toBe(false);
  });

  it("says when the recipient does not exist", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="email" />);
    await user.type(screen.getByLabelText("E-mail получателя"), "nobody@example.com");
    expect(await screen.findByText("Пользователь не найден")).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it("an account number given up front that is not found stays on the recipient step and says so", async () => {
    fakeApi();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000099" initialAmount="5" />);
    expect(await screen.findByText("Пользователь не найден")).toBeInTheDocument();
    expect(screen.getByLabelText("Номер счёта получателя")).toHaveValue("4000000000000099");
    expect(screen.queryByLabelText("Сумма")).not.toBeInTheDocument();
  });
});

describe("transfer form, step 2: amount and button", () => {
  it("starts at the amount for an account number given up front, with the recipient named", async () => {
    fakeApi();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000012" initialAmount="5" />);
    expect(await screen.findByLabelText("Сумма")).toHaveValue("5");
    const person = screen.getByRole("group", { name: "Получатель" });
    expect(person).toHaveTextContent("boris");
    expect(person).toHaveTextContent("Доллары •• 0012");
    expect(screen.queryByLabelText("Номер счёта получателя")).not.toBeInTheDocument();
  });

  it("keeps digits and one separator, shown as a comma, cuts to 2 decimals", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000011" />);
    const field = await screen.findByLabelText("Сумма");
    await user.type(field, "12,345");
    expect(field).toHaveValue("12,34");
    await user.clear(field);
    await user.type(field, "a1b.2.3-");
    expect(field).toHaveValue("1,23");
    await user.clear(field);
    await user.type(field, ",5");
    expect(field).toHaveValue("0,5");
  });

  it("enables the button only with a sender, a receiver and an amount", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="username" />);
    expect(continueButton()).toBeDisabled(); // no receiver yet
    await user.type(screen.getByLabelText("Имя пользователя получателя"), "boris");
    await screen.findByRole("radiogroup", { name: "Счёт получателя" });
    expect(continueButton()).toBeDisabled();
    await user.click(within(recipientGroup()).getByRole("radio", { name: /Доллары/ }));
    await user.click(continueButton());
    expect(submitButton()).toBeDisabled(); // no amount yet
    await user.type(screen.getByLabelText("Сумма"), "10");
    expect(submitButton()).toBeEnabled();
    await user.clear(screen.getByLabelText("Сумма"));
    expect(submitButton()).toBeDisabled();
  });

  it("keeps the typed values when going back to the recipient and forward again", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000011" />);
    await user.type(await screen.findByLabelText("Сумма"), "42");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.getByLabelText("Номер счёта получателя")).toHaveValue("4000000000000011");
    await user.click(continueButton());
    expect(screen.getByLabelText("Сумма")).toHaveValue("42");
  });

  it("refuses a zero amount with the spec's alert and sends nothing", async () => {
    const sent = fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000011" initialAmount="0" />);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Введите корректную сумму");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(sent, "/api/v1/transfers")).toHaveLength(0);
  });

  it("shows live what the recipient gets in another currency (rounded down like the server), the rate and the fee", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000012" initialAmount="1000" />);
    await waitFor(() => expect(checkedIn(senderGroup())).toHaveLength(1));
    expect(screen.queryByText(/Получатель получит/)).not.toBeInTheDocument();
    expect(screen.queryByText("Комиссия")).not.toBeInTheDocument();
    await user.click(within(senderGroup()).getByRole("radio", { name: /Рубли/ }));
    // 1000.00 ₽ at 90.1234 ₽/$: 100000 × 10000 / 901234 = 1109.58… → 1109 cents.
    expect(await screen.findByText("11,09 $")).toBeInTheDocument();
    const quote = () =>
      within(screen.getByRole("status"))
        .getAllByRole("term")
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(quote()).toEqual(["Получатель получит: 11,09\u00a0$", "Курс: 1\u00a0$ = 90,1234\u00a0₽", "Комиссия: 0,00\u00a0₽"]);
    await user.clear(screen.getByLabelText("Сумма"));
    await user.type(screen.getByLabelText("Сумма"), "2000");
    expect(quote()[0]).toBe("Получатель получит: 22,19\u00a0$");
  });
});

const CREATED = {
  kind: "transfer",
  senderWalletId: 1,
  receiverWalletId: 11,
  amount: 1234,
  currency: "RUB",
  receivedAmount: 1234,
  receivedCurrency: "RUB",
  rate: "1",
  message: null,
  channel: "app",
  createdAt: "2026-11-23T10:00:00.000Z",
};

/** "Перевести", then "Подтвердить" on the confirmation sheet. */
async function sendConfirmed(user: ReturnType<typeof userEvent.setup>) {
  await user.click(submitButton());
  const sheet = await screen.findByRole("dialog", { name: "Проверьте перевод" });
  await user.click(within(sheet).getByRole("button", { name: "Подтвердить" }));
}

describe("transfer form: submitting", () => {
  /** Answers of POST /transfers in order; 0 = no answer (offline). */
  function transferReplies(...statuses: number[]) {
    let call = 0;
    return (sent: Sent) => {
      if (sent.method !== "POST" || sent.path !== "/api/v1/transfers") return undefined;
      const status = statuses[Math.min(call++, statuses.length - 1)];
      if (status === 0) return { network: true as const };
      if (status === 201) return { status, body: { ...CREATED, id: call } };
      if (status === 422) {
        return { status, body: { message: "Недостаточно средств на счёте", code: "INSUFFICIENT_FUNDS" } };
      }
      return { status, body: { message: "Внутренняя ошибка сервера. Попробуйте позже", code: "INTERNAL" } };
    };
  }

  async function readyForm(initialAmount = "12.34") {
    renderWithSwr(
      <TransferForm method="card" initialTarget="4000000000000011" initialAmount={initialAmount} />,
    );
    await waitFor(() => expect(submitButton()).toBeEnabled());
  }

  it("shows a confirmation sheet first and sends nothing until 'Подтвердить'", async () => {
    const sent = fakeApi(transferReplies(201));
    const user = userEvent.setup();
    await readyForm("12.34");
    await user.click(submitButton());
    const sheet = await screen.findByRole("dialog", { name: "Проверьте перевод" });
    expect(within(sheet).getByText("boris")).toBeInTheDocument();
    const rows = within(sheet)
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(["Счёт получателя: •• 0011", "Спишется: 12,34\u00a0₽", "Комиссия: 0,00\u00a0₽"]);
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(posts(sent, "/api/v1/transfers")).toHaveLength(0);
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const sent = fakeApi(transferReplies(201));
    const user = userEvent.setup();
    await readyForm("12.34");
    await user.click(submitButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Отмена" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(submitButton());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts(sent, "/api/v1/transfers")).toHaveLength(0);
  });

  it("shows the rate and what is credited across currencies", async () => {
    fakeApi(transferReplies(201));
    const user = userEvent.setup();
    renderWithSwr(<TransferForm method="card" initialTarget="4000000000000012" initialAmount="1000" />);
    await waitFor(() => expect(checkedIn(senderGroup())).toHaveLength(1));
    await user.click(within(senderGroup()).getByRole("radio", { name: /Рубли/ }));
    await screen.findByText("11,09 $");
    await user.click(submitButton());
    const sheet = await screen.findByRole("dialog");
    expect(within(sheet).getByText("1 000,00 ₽")).toBeInTheDocument();
    expect(within(sheet).getByText("11,09 $")).toBeInTheDocument();
    expect(within(sheet).getByText("1 $ = 90,1234 ₽")).toBeInTheDocument();
  });

  it("sends amount × 100 as an integer once confirmed, then opens the receipt", async () => {
    const sent = fakeApi(transferReplies(201));
    const user = userEvent.setup();
    await readyForm("12.34");
    await sendConfirmed(user);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/1?new=1"));
    const [request] = posts(sent, "/api/v1/transfers");
    expect(request.body).toEqual({ senderWalletId: 1, receiverWalletId: 11, amount: 1234, message: null });
    expect(request.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts(sent, "/api/v1/transfers")).toHaveLength(1);
  });

  it("shows 'Ошибка: ' and the server's message on failure", async () => {
    fakeApi(transferReplies(422));
    const user = userEvent.setup();
    await readyForm();
    await sendConfirmed(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка: Недостаточно средств на счёте");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("sends the message to the recipient trimmed, shows it on the sheet, and turns a pasted tab into a space", async () => {
    const sent = fakeApi(transferReplies(201));
    const user = userEvent.setup();
    await readyForm("5");
    const field = screen.getByLabelText("Сообщение получателю");
    fireEvent.change(field, { target: { value: "  За обед\tв пятницу  " } });
    expect(field).toHaveValue("  За обед в пятницу  ");
    await user.click(submitButton());
    const sheet = await screen.findByRole("dialog");
    expect(within(sheet).getByText("За обед в пятницу")).toBeInTheDocument();
    await user.click(within(sheet).getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(push).toHaveBeenCalled());
    const [request] = posts(sent, "/api/v1/transfers");
    expect(request.body).toEqual({ senderWalletId: 1, receiverWalletId: 11, amount: 500, message: "За обед в пятницу" });
  });

  it("stops the message at 140 characters", async () => {
    fakeApi(transferReplies(201));
    await readyForm("5");
    const field = screen.getByLabelText("Сообщение получателю");
    fireEvent.change(field, { target: { value: "ж".repeat(150) } });
    expect(field).toHaveValue("ж".repeat(140));
  });

  it("reuses the idempotency key when the same form is retried, and makes a new one after success", async () => {
    const sent = fakeApi(transferReplies(500, 201, 201));
    const user = userEvent.setup();
    await readyForm();
    await sendConfirmed(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка: Внутренняя ошибка сервера");
    await sendConfirmed(user);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/2?new=1"));
    const [first, retry] = posts(sent, "/api/v1/transfers");
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);

    // The form is still there under the (mocked) navigation: a second transfer is a new one.
    await user.clear(screen.getByLabelText("Сумма"));
    await user.type(screen.getByLabelText("Сумма"), "5");
    await sendConfirmed(user);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/3?new=1"));
    const third = posts(sent, "/api/v1/transfers")[2];
    expect(third.body).toMatchObject({ amount: 500 });
    expect(third.headers["idempotency-key"]).not.toBe(first.headers["idempotency-key"]);
  });

  it("offline: says in Russian that the outcome is unknown and a retry is safe, and the retry reuses the key", async () => {
    const sent = fakeApi(transferReplies(0, 201));
    const user = userEvent.setup();
    await readyForm();
    await sendConfirmed(user);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Нет связи с банком, поэтому неизвестно, выполнен ли перевод");
    expect(alert).toHaveTextContent("деньги не спишутся дважды");
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
    await sendConfirmed(user);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/2?new=1"));
    const [first, retry] = posts(sent, "/api/v1/transfers");
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
    expect(retry.body).toEqual(first.body);
  });

  it("uses a new idempotency key once the form is edited after a failure", async () => {
    const sent = fakeApi(transferReplies(500, 201));
    const user = userEvent.setup();
    await readyForm("10");
    await sendConfirmed(user);
    await screen.findByRole("alert");
    await user.type(screen.getByLabelText("Сумма"), "0");
    await sendConfirmed(user);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/receipt/2?new=1"));
    const [first, second] = posts(sent, "/api/v1/transfers");
    expect(second.body).toMatchObject({ amount: 10000 });
    expect(second.headers["idempotency-key"]).not.toBe(first.headers["idempotency-key"]);
  });
});
