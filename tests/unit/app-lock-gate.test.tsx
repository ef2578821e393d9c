import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppLockGate } from "@/components/app-lock-gate";

let inTelegram = true;
let telegram: { status: string; env: unknown } = { status: "loading", env: null };
jest.mock("@/lib/client/detect", () => ({ isInsideTelegram: () => inTelegram }));
jest.mock("@/lib/client/telegram/provider", () => ({ useTelegramStatus: () => telegram }));

/** The lock module, with the device's answer held until a test releases it. */
let answer: (biometry: unknown) => void = () => undefined;
let due = true;
const lockModule = {
  deviceBiometry: jest.fn(() => new Promise((resolve) => (answer = resolve))),
  lockIsOn: jest.fn(() => true),
  lockDue: jest.fn(() => due),
  markActive: jest.fn(),
  markHidden: jest.fn(),
  unlockWithBiometry: jest.fn(async () => true),
};
jest.mock("@/lib/client/telegram/app-lock", () => lockModule);

const BALANCE = "12 345,67 ₽";
const app = <p>{BALANCE}</p>;
const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  inTelegram = true;
  due = true;
  telegram = { status: "loading", env: null };
  lockModule.deviceBiometry.mockClear();
});

describe("the app lock gate", () => {
  it("outside Telegram the app renders at once and the lock never loads", () => {
    inTelegram = false;
    render(<AppLockGate>{app}</AppLockGate>);
    expect(screen.getByText(BALANCE)).toBeInTheDocument();
    expect(lockModule.deviceBiometry).not.toHaveBeenCalled();
  });

  it("inside Telegram nothing of the app renders while the SDK loads or the device has not answered", async () => {
    const view = render(<AppLockGate>{app}</AppLockGate>);
    expect(view.container).not.toHaveTextContent(BALANCE);
    telegram = { status: "ready", env: { native: true } };
    view.rerender(<AppLockGate>{app}</AppLockGate>);
    await flush();
    expect(lockModule.deviceBiometry).toHaveBeenCalled();
    expect(view.container).not.toHaveTextContent(BALANCE);
    await act(async () => answer(null));
    expect(screen.getByText(BALANCE)).toBeInTheDocument();
  });

  it("with the lock on and due only the lock screen renders; the app appears once biometrics pass", async () => {
    telegram = { status: "ready", env: { native: true } };
    const view = render(<AppLockGate>{app}</AppLockGate>);
    await flush();
    await act(async () => answer({ biometry: true }));
    expect(screen.getByRole("dialog", { name: "Minibank заблокирован" })).toBeInTheDocument();
    expect(view.container).not.toHaveTextContent(BALANCE);
    await userEvent.click(screen.getByRole("button", { name: "Разблокировать" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText(BALANCE)).toBeInTheDocument();
  });

  it("with the lock on but not due the app opens", async () => {
    due = false;
    telegram = { status: "ready", env: { native: true } };
    render(<AppLockGate>{app}</AppLockGate>);
    await flush();
    await act(async () => answer({ biometry: true }));
    expect(screen.getByText(BALANCE)).toBeInTheDocument();
    expect(lockModule.markActive).toHaveBeenCalled();
  });

  it("a client that could not start (the 'too old' screen) is not held", async () => {
    telegram = { status: "failed", env: null };
    render(<AppLockGate>{app}</AppLockGate>);
    await flush();
    expect(screen.getByText(BALANCE)).toBeInTheDocument();
  });
});
