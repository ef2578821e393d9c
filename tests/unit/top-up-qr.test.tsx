import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QrTopUpForm } from "@/components/top-up/qr-form";
import { parseQrContent } from "@/lib/client/qr";
import { fakeApi, renderWithSwr } from "./transfer-helpers";

describe("/add-money/qr", () => {
  it("draws a 200-px QR with the payment link of the chosen account and amount", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithSwr(<QrTopUpForm />);
    const accounts = await screen.findByRole("radiogroup", { name: "Счёт" });
    await user.click(within(accounts).getByRole("radio", { name: /Доллары/ }));
    await user.type(screen.getByLabelText("Сумма"), "25,5");
    // The screen's primary action, kept at the bottom of the screen in a browser.
    expect(screen.getByRole("button", { name: "Создать QR-код" }).closest(".sticky-action")).not.toBeNull();
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

  it("with the bot's Mini App link known, the code holds a t.me startapp link, which can be shared", async () => {
    process.env.NEXT_PUBLIC_TELEGRAM_BOT_LINK = "https://t.me/minibank_bot/app";
    const share = jest.fn(async () => undefined);
    Object.assign(navigator, { share });
    try {
      fakeApi();
      const user = userEvent.setup();
      renderWithSwr(<QrTopUpForm />);
      await screen.findByRole("radiogroup", { name: "Счёт" });
      await user.type(screen.getByLabelText("Сумма"), "10");
      await user.click(screen.getByRole("button", { name: "Создать QR-код" }));
      const shown = (await screen.findByTestId("payment-link")).textContent ?? "";
      expect(shown).toMatch(/^https:\/\/t\.me\/minibank_bot\/app\?startapp=pay-[A-Za-z0-9_-]+$/);
      // The in-app scanner reads it back as the same payment.
      expect(parseQrContent(shown)).toEqual({
        ok: true,
        link: { method: "card", target: "4000000000000001", amount: "10.00" },
      });
      await user.click(screen.getByRole("button", { name: "Поделиться ссылкой на оплату" }));
      expect(share).toHaveBeenCalledWith({ url: shown, title: "Оплата в Minibank" });
    } finally {
      delete process.env.NEXT_PUBLIC_TELEGRAM_BOT_LINK;
      Object.assign(navigator, { share: undefined });
    }
  });
});
