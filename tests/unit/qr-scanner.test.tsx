import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QrScanner } from "@/components/qr/qr-scanner";

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
}));

// The plain-browser path: no Telegram, no camera, a picture upload decoded by @zxing/browser.
jest.mock("@/lib/client/detect", () => ({ isInsideTelegram: () => false }));
jest.mock("@/lib/client/telegram/provider", () => ({
  useTelegram: () => {
    throw new Error("the SDK must not load in a plain browser");
  },
}));
const decodeFromImageUrl = jest.fn();
jest.mock("@zxing/browser", () => ({
  BrowserQRCodeReader: jest.fn().mockImplementation(() => ({
    decodeFromImageUrl,
    decodeFromVideoDevice: jest.fn(),
  })),
}));

beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => "blob:qr", revokeObjectURL: () => undefined });
});
beforeEach(() => {
  push.mockReset();
  decodeFromImageUrl.mockReset();
});

async function upload() {
  const user = userEvent.setup();
  render(<QrScanner />);
  // jsdom has no camera: the page says so and offers the upload.
  expect(await screen.findByText("Камера недоступна. Загрузите фото QR-кода")).toBeInTheDocument();
  const picture = new File(["png"], "qr.png", { type: "image/png" });
  await user.upload(screen.getByLabelText("Загрузить изображение"), picture);
}

describe("/qr scanner (plain browser)", () => {
  it("opens the prefilled transfer form for a valid payment code", async () => {
    decodeFromImageUrl.mockResolvedValue({
      getText: () => "minibank://transfer?method=card&target=4000000000000011&amount=12.50",
    });
    await upload();
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith("/transfer-money?method=card&target=4000000000000011&amount=12.50"),
    );
    expect(decodeFromImageUrl).toHaveBeenCalledWith("blob:qr");
  });

  it("says 'Неверный формат QR-кода' for a foreign code", async () => {
    decodeFromImageUrl.mockResolvedValue({ getText: () => "https://example.com" });
    await upload();
    expect(await screen.findByRole("alert")).toHaveTextContent("Неверный формат QR-кода");
    expect(push).not.toHaveBeenCalled();
  });

  it("says 'QR-код не содержит данных' for an empty code", async () => {
    decodeFromImageUrl.mockResolvedValue({ getText: () => "" });
    await upload();
    expect(await screen.findByRole("alert")).toHaveTextContent("QR-код не содержит данных");
  });

  it("says 'Не удалось обработать QR-код' when the picture cannot be decoded", async () => {
    decodeFromImageUrl.mockRejectedValue(new Error("NotFoundException"));
    await upload();
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось обработать QR-код");
    expect(push).not.toHaveBeenCalled();
  });
});
