import { buildTransferLink, parseQrContent, transferPathFor } from "@/lib/client/qr";

describe("parseQrContent", () => {
  it("accepts the product's payment link", () => {
    expect(parseQrContent("minibank://transfer?method=card&target=4000000000000011&amount=150.50")).toEqual({
      ok: true,
      link: { method: "card", target: "4000000000000011", amount: "150.50" },
    });
    expect(parseQrContent("  minibank://transfer?method=username&target=boris\n")).toEqual({
      ok: true,
      link: { method: "username", target: "boris" },
    });
  });

  it("says the code is empty", () => {
    expect(parseQrContent("")).toEqual({ ok: false, error: "QR-код не содержит данных" });
    expect(parseQrContent("   ")).toEqual({ ok: false, error: "QR-код не содержит данных" });
    expect(parseQrContent(null)).toEqual({ ok: false, error: "QR-код не содержит данных" });
  });

  it.each([
    "hello",
    "https://example.com/transfer?method=card&target=1",
    "minibank://pay?method=card&target=1",
    "minibank://transfer?method=phone&target=1",
    "minibank://transfer?method=card",
    "minibank://transfer?method=card&target=1&amount=-5",
    "minibank://transfer?method=card&target=1&amount=1.234",
  ])("refuses %p as 'Неверный формат QR-кода'", (content) => {
    expect(parseQrContent(content)).toEqual({ ok: false, error: "Неверный формат QR-кода" });
  });
});

describe("payment links", () => {
  it("builds the link a top-up QR encodes, normalising the amount", () => {
    expect(buildTransferLink("4000000000000011", "150,5")).toBe(
      "minibank://transfer?method=card&target=4000000000000011&amount=150.50",
    );
    expect(buildTransferLink("4000000000000011")).toBe("minibank://transfer?method=card&target=4000000000000011");
  });

  it("round-trips into the prefilled transfer page", () => {
    const parsed = parseQrContent(buildTransferLink("4000000000000011", "7"));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(transferPathFor(parsed.link)).toBe(
      "/transfer-money?method=card&target=4000000000000011&amount=7.00",
    );
  });
});
