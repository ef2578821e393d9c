import fc from "fast-check";
import { convert, formatUnitPrice, giveFor } from "@/lib/shared/money";

// The rule for an exchange whose amount is typed on the receiving side: the receiver gets exactly
// that, and the giver pays the least amount whose conversion (rounded down, as every conversion)
// covers it. So it never gives more than the rate allows, and never asks more than it must.

/** Ruble prices in ten-thousandths: from a tenth of a kopeck to 100 000 ₽ a unit, and RUB's 1. */
const rate = fc.oneof(fc.constant(10_000n), fc.bigInt({ min: 1n, max: 1_000_000_000n }));
const minor = fc.bigInt({ min: 1n, max: 10n ** 15n });

describe("giveFor (the receiving side's rounding)", () => {
  it("covers what is received: convert(giveFor(r)) ≥ r", () => {
    fc.assert(
      fc.property(minor, rate, rate, (received, from, to) => {
        expect(convert(giveFor(received, from, to), from, to)).toBeGreaterThanOrEqual(received);
      }),
      { numRuns: 2_000 },
    );
  });

  it("is the least such amount: one minor unit less no longer covers it", () => {
    fc.assert(
      fc.property(minor, rate, rate, (received, from, to) => {
        const given = giveFor(received, from, to);
        expect(given).toBeGreaterThanOrEqual(1n);
        expect(convert(given - 1n, from, to)).toBeLessThan(received);
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives back the amount typed on the giving side when that amount is received", () => {
    // Typing what convert(a) gave on the receiving side never asks more than a.
    fc.assert(
      fc.property(minor, rate, rate, (given, from, to) => {
        const received = convert(given, from, to);
        fc.pre(received > 0n);
        expect(giveFor(received, from, to)).toBeLessThanOrEqual(given);
      }),
      { numRuns: 2_000 },
    );
  });

  it("works the examples by hand", () => {
    // 1 $ = 80 ₽: 1,00 $ costs 80,00 ₽; 1 kopeck costs a whole cent (which converts to 80 kopecks).
    expect(giveFor(100n, 10_000n, 800_000n)).toBe(8_000n);
    expect(giveFor(1n, 800_000n, 10_000n)).toBe(1n);
    // 1 $ = 92,5123 ₽: 100,00 ₽ cost 1,09 $ (1,08 $ converts to 99,91 ₽).
    expect(convert(108n, 925_123n, 10_000n)).toBe(9_991n);
    expect(giveFor(10_000n, 925_123n, 10_000n)).toBe(109n);
    expect(() => giveFor(1n, 0n, 1n)).toThrow(RangeError);
  });
});

describe("formatUnitPrice (the rate both ways)", () => {
  it("shows each currency's price in the other to 4 decimals", () => {
    expect(formatUnitPrice(800_000n, 10_000n, "USD", "RUB")).toBe("1\u00a0$ = 80,00\u00a0₽");
    expect(formatUnitPrice(10_000n, 800_000n, "RUB", "USD")).toBe("1\u00a0₽ = 0,0125\u00a0$");
    expect(formatUnitPrice(925_123n, 1_001_234n, "USD", "EUR")).toBe("1\u00a0$ = 0,924\u00a0€");
  });
});
