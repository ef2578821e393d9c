import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TransferFlow } from "@/components/transfer/transfer-flow";
import { fakeApi, renderWithSwr } from "./transfer-helpers";

const push = jest.fn();
let query = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => query,
}));

beforeEach(() => {
  push.mockReset();
  query = new URLSearchParams();
});

describe("/transfer-money steps", () => {
  it("starts at 'choose', opens the form for the picked method, and Back returns to 'choose'", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<TransferFlow />);
    expect(screen.getByText("Кому перевести?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "По e-mail" }));
    expect(screen.getByLabelText("E-mail получателя")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.getByRole("button", { name: "По номеру счёта" })).toBeInTheDocument();
    // From 'choose', Back leaves for the wallet screen.
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(push).toHaveBeenCalledWith("/bank");
  });

  it("opens the form directly, prefilled, from method/target/amount query parameters", async () => {
    query = new URLSearchParams("method=card&target=4000000000000013&amount=15,5");
    fakeApi();
    renderWithSwr(<TransferFlow />);
    expect(screen.queryByText("Кому перевести?")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Номер счёта получателя")).toHaveValue("4000000000000013");
    expect(screen.getByLabelText("Сумма")).toHaveValue("15,5");
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: /4000 0000 0000 0013/ })).toHaveAttribute("aria-checked", "true"),
    );
    expect(screen.getByRole("button", { name: "Перевести" })).toBeEnabled();
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
    const senders = await screen.findByRole("radiogroup", { name: "Списать со счёта" });
    await waitFor(() => expect(within(senders).getByRole("radio", { name: /4000 0000 0000 0002/ })).toHaveAttribute("aria-checked", "true"));
  });

  it("offers the people sent to lately; one tap opens the form for their account", async () => {
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
    expect(screen.getByLabelText("Номер счёта получателя")).toHaveValue("4000000000000012");
    await waitFor(() =>
      expect(screen.getByRole("radio", { name: /4000 0000 0000 0012/ })).toHaveAttribute("aria-checked", "true"),
    );
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
    expect(screen.getByLabelText("Имя пользователя получателя")).toHaveValue("boris");
    await user.click(screen.getByRole("button", { name: "Назад" }));
    await user.click(screen.getByRole("button", { name: "По имени пользователя" }));
    expect(screen.getByLabelText("Имя пользователя получателя")).toHaveValue("");
    expect(screen.getByLabelText("Сумма")).toHaveValue("");
  });
});
