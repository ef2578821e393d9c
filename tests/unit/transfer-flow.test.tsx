import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TransferFlow } from "@/components/transfer/transfer-flow";
import { fakeApi, renderWithSwr } from "./transfer-helpers";

const push = jest.fn();
let query = new URLSearchParams();
/** What the Screen gave Telegram's native back button (the real wiring is useTelegramBackButton). */
const nativeBack: { current: (() => void) | undefined } = { current: undefined };
jest.mock("@/lib/client/telegram/provider", () => ({
  ...jest.requireActual("@/lib/client/telegram/provider"),
  useTelegramBackButton: (onBack: (() => void) | undefined) => {
    nativeBack.current = onBack;
  },
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => query,
}));

beforeEach(() => {
  push.mockReset();
  query = new URLSearchParams();
});

describe("/transfer-money steps", () => {
  it("starts at 'choose', walks recipient → amount, and Back walks the same way back to /bank", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferFlow />);
    expect(screen.getByText("Кому перевести?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "По e-mail" }));
    await user.type(await screen.findByLabelText("E-mail получателя"), "boris@example.com");
    await user.click(await screen.findByRole("radio", { name: /Доллары/ }));
    await user.click(screen.getByRole("button", { name: "Продолжить" }));
    await user.type(screen.getByLabelText("Сумма"), "3");
    await user.click(screen.getByRole("button", { name: "Перевести" }));
    expect(screen.getByRole("dialog", { name: "Проверьте перевод" })).toBeInTheDocument();
    // Sheet → amount → recipient → choice → /bank.
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Сумма")).toHaveValue("3");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.getByLabelText("E-mail получателя")).toHaveValue("boris@example.com");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.getByRole("button", { name: "По номеру счёта" })).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(push).toHaveBeenCalledWith("/bank");
  });

  it("gives Telegram's native back button the same steps", async () => {
    fakeApi();
    const user = userEvent.setup();
    query = new URLSearchParams("method=card&target=4000000000000013&amount=15,5");
    renderWithSwr(<TransferFlow />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Перевести" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Перевести" }));
    expect(screen.getByRole("dialog", { name: "Проверьте перевод" })).toBeInTheDocument();
    act(() => nativeBack.current?.());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Сумма")).toHaveValue("15,5");
    act(() => nativeBack.current?.());
    expect(screen.getByLabelText("Номер счёта получателя")).toHaveValue("4000000000000013");
    act(() => nativeBack.current?.());
    expect(screen.getByText("Кому перевести?")).toBeInTheDocument();
    act(() => nativeBack.current?.());
    expect(push).toHaveBeenCalledWith("/bank");
  });

  it("lands on the amount step, prefilled, from method/target/amount query parameters", async () => {
    query = new URLSearchParams("method=card&target=4000000000000013&amount=15,5");
    fakeApi();
    renderWithSwr(<TransferFlow />);
    expect(screen.queryByText("Кому перевести?")).not.toBeInTheDocument();
    expect(await screen.findByLabelText("Сумма")).toHaveValue("15,5");
    expect(screen.getByRole("group", { name: "Получатель" })).toHaveTextContent("Юани •• 0013");
    expect(screen.queryByLabelText("Номер счёта получателя")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Перевести" })).toBeEnabled());
  });

  it("refuses a link's amount that is not one ('-5'), instead of making it 5", async () => {
    query = new URLSearchParams("method=card&target=4000000000000013&amount=-5");
    fakeApi();
    renderWithSwr(<TransferFlow />);
    expect(await screen.findByLabelText("Сумма")).toHaveValue("");
    expect(screen.getByText("Введите корректную сумму")).toBeInTheDocument();
  });

  it("sends from the account it was opened from (?from=<wallet id>)", async () => {
    query = new URLSearchParams("from=2");
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferFlow />);
    await user.click(screen.getByRole("button", { name: "По имени пользователя" }));
    await user.type(await screen.findByLabelText("Имя пользователя получателя"), "boris");
    await user.click(await screen.findByRole("radio", { name: /Рубли/ }));
    await user.click(screen.getByRole("button", { name: "Продолжить" }));
    const senders = await screen.findByRole("radiogroup", { name: "Списать со счёта" });
    await waitFor(() => expect(within(senders).getByRole("radio", { name: /4000 0000 0000 0002/ })).toHaveAttribute("aria-checked", "true"));
  });

  it("offers the people sent to lately; one tap opens the amount step for their account", async () => {
    fakeApi((sent) =>
      sent.path === "/api/v1/transfers/recipients"
        ? {
            status: 200,
            body: [{ userId: 7, name: "Борис", avatarUrl: "/a/7.svg", walletNumber: "4000000000000012", currency: "USD" }],
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithSwr(<TransferFlow />);
    const recent = await screen.findByRole("region", { name: "Недавние получатели" });
    expect(within(recent).getByText("Доллары •• 0012")).toBeInTheDocument();
    await user.click(within(recent).getByRole("button", { name: /Борис/ }));
    expect(await screen.findByLabelText("Сумма")).toHaveValue("");
    expect(screen.getByRole("group", { name: "Получатель" })).toHaveTextContent("Доллары •• 0012");
  });

  it("ignores an unknown method and shows the choice", () => {
    query = new URLSearchParams("method=phone&target=123");
    fakeApi();
    renderWithSwr(<TransferFlow />);
    expect(screen.getByText("Кому перевести?")).toBeInTheDocument();
  });

  it("does not carry the link's values into another method after Back", async () => {
    query = new URLSearchParams("method=username&target=boris&amount=7");
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferFlow />);
    // Without an account number the link opens the recipient step: the account is still to choose.
    expect(await screen.findByLabelText("Имя пользователя получателя")).toHaveValue("boris");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    await user.click(screen.getByRole("button", { name: "По имени пользователя" }));
    expect(await screen.findByLabelText("Имя пользователя получателя")).toHaveValue("");
    await user.type(screen.getByLabelText("Имя пользователя получателя"), "boris");
    await user.click(await screen.findByRole("radio", { name: /Рубли/ }));
    await user.click(screen.getByRole("button", { name: "Продолжить" }));
    expect(screen.getByLabelText("Сумма")).toHaveValue("");
  });
});
