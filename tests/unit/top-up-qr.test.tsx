import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QrTopUpForm } from "@/components/top-up/qr-form";
import { fakeApi, renderWithSwr } from "./transfer-helpers";

describe("/add-money/qr", () => {
  it("draws a 200-px QR with the payment link of the chosen account and amount", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<QrTopUpForm />);
    const accounts = await screen.findByRole("radiogroup", { name: "Счёт" });
    await user.click(within(accounts).getByRole("radio", { name: /Доллары/ }));
    await user.type(screen.getByLabelText("Сумма"), "25,5");
    await user.click(screen.getByRole("button", { name: "Создать QR-код" }));

    const qr = await screen.findByRole("img", { name: /4000000000000002/ });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr).toHaveAttribute("width", "200");
    expect(qr).toHaveAttribute("height", "200");
    expect(screen.getByTestId("payment-link")).toHaveTextContent(
      "minibank://transfer?method=card&target=4000000000000002&amount=25.50",
    );
  });

  it("needs a valid amount and hides a drawn code once the form changes", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<QrTopUpForm />);
    await screen.findByRole("radiogroup", { name: "Счёт" });
    await user.type(screen.getByLabelText("Сумма"), "0");
    await user.click(screen.getByRole("button", { name: "Создать QR-код" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Введите корректную сумму");
    expect(screen.queryByTestId("payment-link")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Сумма"), "1");
    await user.click(screen.getByRole("button", { name: "Создать QR-код" }));
    expect(await screen.findByTestId("payment-link")).toHaveTextContent("target=4000000000000001&amount=1.00");
    await user.type(screen.getByLabelText("Сумма"), "5");
    expect(screen.queryByTestId("payment-link")).not.toBeInTheDocument();
  });
});
