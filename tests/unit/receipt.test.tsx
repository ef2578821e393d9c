import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ReceiptView } from "@/components/transfer/receipt-view";
import type { ReceiptDto } from "@/lib/shared/schemas/transfers";
import { fakeServer, on, renderFresh, signIn } from "./bank-support";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
}));

const RECEIPT: ReceiptDto = {
  id: 42,
  senderWalletId: 1,
  receiverWalletId: 12,
  amount: 100_000,
  currency: "RUB",
  receivedAmount: 1_109,
  receivedCurrency: "USD",
  rate: "0.0110958974",
  message: null,
  channel: "schedule",
  // Local time without a zone: the text does not depend on the machine's time zone.
  createdAt: "2026-11-23T16:05:00",
  kind: "transfer",
  direction: "out",
  status: "completed",
  fee: 0,
  sender: { name: "alice_tg", avatarUrl: "/a.svg", account: "2202000000000001", bank: false },
  receiver: { name: "Борис", avatarUrl: "/b.svg", account: "•• 0012", bank: false },
};

beforeEach(() => {
  push.mockReset();
  signIn();
});

/** The receipt's lines, no-break spaces shown as plain ones (asserted separately below). */
const lines = () =>
  screen
    .getAllByRole("term")
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\u00a0/g, " "));

describe("receipt", () => {
  it("shows amount, status, both accounts, credited amount, rate, fee, date and number", async () => {
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: RECEIPT }));
    renderFresh(<ReceiptView transferId={42} fresh />);
    // Amounts never wrap: their spaces are no-break spaces.
    expect((await screen.findByText("−1 000,00 ₽")).textContent).toBe("−1\u00a0000,00\u00a0₽");
    // Its mark is the app's own icon: an emoji is an empty box where no emoji font is installed.
    const done = screen.getByRole("status");
    expect(done.textContent).toBe("Перевод выполнен");
    expect(done.querySelector("svg")).not.toBeNull();
    expect(screen.getByText("Выполнен")).toBeInTheDocument();
    expect(lines()).toEqual([
      "Получатель: Борис",
      "Счёт списания: 2202 0000 0000 0001",
      "Счёт зачисления: •• 0012",
      "Зачислено: 11,09 $",
      "Курс: 1 $ = 90,1234 ₽",
      "Комиссия: 0,00 ₽",
      "Источник: По расписанию",
      "Дата и время: 23.11.2026 16:05",
      "Номер операции: 42",
    ]);
  });

  it("shows the sender's message as text, markup and all", async () => {
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: { ...RECEIPT, message: "<b>За обед</b>" } }));
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    await screen.findByText("−1 000,00 ₽");
    expect(lines()).toContain("Сообщение: <b>За обед</b>");
    expect(document.querySelector("b")).toBeNull();
    // The sender's own words, marked as such (an emoji there is theirs, not the app's icon).
    expect(screen.getByText("<b>За обед</b>")).toHaveAttribute("data-user-text", "true");
  });

  it("copies the receipt as text in a browser without a share sheet", async () => {
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: RECEIPT }));
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    await user.click(await screen.findByRole("button", { name: "Поделиться" }));
    expect(await screen.findByText("Квитанция скопирована")).toBeInTheDocument();
    const text = writeText.mock.calls[0][0].replace(/\u00a0/g, " ");
    expect(text.split("\n").slice(0, 4)).toEqual(["Квитанция Minibank", "Перевод · Выполнен", "1 000,00 ₽", "Получатель: Борис"]);
    expect(text).toContain("Номер операции: 42");
    expect(screen.queryByText("Перевод выполнен")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Готово" }));
    expect(push).toHaveBeenCalledWith("/bank");
  });

  it("says a receipt that is not the caller's, or does not exist, is not found", async () => {
    fakeServer(on("GET", "/api/v1/transfers/7", { status: 404, body: { message: "Не найдено", code: "NOT_FOUND" } }));
    renderFresh(<ReceiptView transferId={7} fresh={false} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Квитанция не найдена");
    expect(screen.queryByRole("button", { name: "Повторить" })).not.toBeInTheDocument();
  });

  it("offers a retry when loading fails, and shows the receipt once it loads", async () => {
    let fail = true;
    fakeServer((call) =>
      call.path === "/api/v1/transfers/42"
        ? fail
          ? { status: 500, body: { message: "x", code: "INTERNAL_ERROR" } }
          : { status: 200, body: RECEIPT }
        : undefined,
    );
    const user = userEvent.setup();
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось загрузить квитанцию");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(screen.getByText("−1 000,00 ₽")).toBeInTheDocument());
    expect(within(screen.getByRole("region", { name: "Квитанция" })).getByText("Выполнен")).toBeInTheDocument();
  });

  it("offers to split the bill of money paid to someone, with its amount, currency and message", async () => {
    const paid = { ...RECEIPT, amount: 123_450, currency: "USD", message: "Ужин & кино" } as const;
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: paid }));
    const user = userEvent.setup();
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    await user.click(await screen.findByRole("button", { name: "Разделить счёт" }));
    expect(push).toHaveBeenCalledWith("/splits?amount=1234.50&currency=USD&receipt=42&title=%D0%A3%D0%B6%D0%B8%D0%BD+%26+%D0%BA%D0%B8%D0%BD%D0%BE");
  });

  it("offers it for a paid payment request too", async () => {
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: { ...RECEIPT, kind: "request" } }));
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    expect(await screen.findByRole("button", { name: "Разделить счёт" })).toBeInTheDocument();
  });

  it.each([
    ["money received", { direction: "in" }],
    ["a top-up", { kind: "topup", direction: "in" }],
    ["an exchange between one's own accounts", { kind: "exchange" }],
  ] as const)("offers no split for %s", async (_, change) => {
    fakeServer(on("GET", "/api/v1/transfers/42", { status: 200, body: { ...RECEIPT, ...change } }));
    renderFresh(<ReceiptView transferId={42} fresh={false} />);
    expect(await screen.findByRole("button", { name: "Поделиться" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Разделить счёт" })).toBeNull();
  });
});
