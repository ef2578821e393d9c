import { render } from "@testing-library/react";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { confirmClosing, useClosingConfirmation } from "@/lib/client/telegram/provider";

function Form({ unsent }: { unsent: boolean }) {
  useClosingConfirmation(unsent);
  return null;
}

const leave = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("closing confirmation", () => {
  it("in a plain browser, never stands in the way of leaving or reloading", () => {
    const { rerender, unmount } = render(<Form unsent={false} />);
    rerender(<Form unsent />);
    expect(leave()).toBe(false);
    unmount();
  });

  it("inside Telegram, switches Telegram's closing confirmation on and off", () => {
    const available = <F extends (...args: never[]) => unknown>(fn: F) => Object.assign(fn, { isAvailable: () => true });
    const closing = {
      isMounted: jest.fn(() => false),
      mount: available(jest.fn()),
      enableConfirmation: available(jest.fn()),
      disableConfirmation: available(jest.fn()),
    };
    const env = { native: true, sdk: { closingBehavior: closing } } as unknown as TelegramEnv;
    expect(confirmClosing({ ...env, native: false })).toBeInstanceOf(Function);
    expect(closing.enableConfirmation).not.toHaveBeenCalled();
    const release = confirmClosing(env);
    expect(closing.mount).toHaveBeenCalled();
    expect(closing.enableConfirmation).toHaveBeenCalled();
    expect(leave()).toBe(false);
    release();
    expect(closing.disableConfirmation).toHaveBeenCalled();
  });
});
