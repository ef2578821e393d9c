import { fireEvent, render, screen } from "@testing-library/react";
import { PrimaryAction, showMainButton } from "@/components/ui/primary-action";
import type { TelegramEnv } from "@/lib/client/telegram/env";

const available = <F extends (...args: never[]) => unknown>(fn: F) => Object.assign(fn, { isAvailable: () => true });

describe("primary action", () => {
  it("in a browser is a button that stays at the bottom and submits its form", () => {
    const submitted = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <PrimaryAction type="submit" label="Перевести" onPress={() => undefined} />
      </form>,
    );
    const button = screen.getByRole("button", { name: "Перевести" });
    expect(button.closest(".sticky-action")).not.toBeNull();
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("inside Telegram drives the MainButton: text, enabled, progress", () => {
    const main = {
      isMounted: jest.fn(() => false),
      mount: available(jest.fn()),
      setParams: available(jest.fn()),
    } as unknown as TelegramEnv["sdk"]["mainButton"];
    showMainButton(main, { text: "Подтвердить", enabled: true, loading: true });
    expect(main.mount).toHaveBeenCalled();
    expect(main.setParams).toHaveBeenCalledWith({ text: "Подтвердить", isVisible: true, isEnabled: false, isLoaderVisible: true });
  });
});
