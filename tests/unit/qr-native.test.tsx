import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QrScanner } from "@/components/qr/qr-scanner";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
}));

// Inside Telegram with a client that has its own scanner.
const open = Object.assign(jest.fn(), { isAvailable: () => true });
const env = {
  native: true,
  launchParams: { tgWebAppVersion: "7.0", tgWebAppPlatform: "ios" },
  sdk: { qrScanner: { isSupported: () => true, isOpened: () => false, open } },
};
jest.mock("@/lib/client/detect", () => ({ isInsideTelegram: () => true }));
jest.mock("@/lib/client/telegram/provider", () => ({ useTelegram: () => ({ status: "ready", env }) }));
jest.mock("@zxing/browser", () => {
  throw new Error("the camera library must not load when Telegram scans");
});

beforeEach(() => {
  push.mockReset();
  open.mockReset();
});

describe("/qr scanner (Telegram)", () => {
  it("opens the native scanner at once and follows a valid code", async () => {
    open.mockResolvedValue("minibank://transfer?method=username&target=vera&amount=3");
    render(<QrScanner />);
    await waitFor(() => expect(push).toHaveBeenCalledWith("/transfer-money?method=username&target=vera&amount=3"));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("reports a foreign code and scans again on request", async () => {
    open.mockResolvedValueOnce("WIFI:S:home;;").mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    render(<QrScanner />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Неверный формат QR-кода");
    await user.click(screen.getByRole("button", { name: "Сканировать QR-код" }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(push).not.toHaveBeenCalled();
  });

  it("says 'Не удалось обработать QR-код' when the scanner fails", async () => {
    open.mockRejectedValue(new Error("scanner failed"));
    render(<QrScanner />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось обработать QR-код");
  });
});
