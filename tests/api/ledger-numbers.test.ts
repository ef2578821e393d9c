import { generateWalletNumber, isLuhnValid, luhnCheckDigit } from "@/lib/server/wallets/numbers";
import { quoteToRateUnits } from "@/lib/shared/money";

describe("wallet numbers", () => {
  it("computes the Luhn check digit of known card numbers", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("abc")).toBe(false);
  });

  it("generates 16-digit Luhn-valid numbers, reproducibly from an injected source", () => {
    for (let i = 0; i < 200; i += 1) {
      const number = generateWalletNumber();
      expect(number).toMatch(/^2202\d{12}$/);
      expect(isLuhnValid(number)).toBe(true);
    }
    let n = 0;
    const counting = (max: number) => (n++ * 7) % max;
    const first = generateWalletNumber(counting);
    n = 0;
    expect(generateWalletNumber(counting)).toBe(first);
  });
});

describe("quoteToRateUnits", () => {
  it.each([
    ["81,5043", 1, 815_043n],
    ["81.5043", 1, 815_043n],
    ["112,3456", 10, 112_346n],
    ["52,7310", 100, 5_273n],
    ["52,7350", 100, 5_274n],
    ["90", 1, 900_000n],
  ])("%s per %d → %p", (text, nominal, units) => {
    expect(quoteToRateUnits(text, nominal)).toBe(units);
  });

  it.each(["", "-1", "1,2,3", "abc", "0", "0,00001"])("refuses %p", (text) => {
    expect(quoteToRateUnits(text)).toBeNull();
  });

  it("refuses a non-positive nominal", () => {
    expect(quoteToRateUnits("10", 0)).toBeNull();
  });
});
