import {
  amountPlaceholder,
  convert,
  formatCompactAmount,
  formatMoney,
  formatMoneyChange,
  formatPrice,
  parseAmount,
  ratioString,
  sanitizeAmountInput,
  toRubles,
  withDecimalMark,
} from "@/lib/shared/money";

describe("money", () => {
  it("parses user amounts into minor units without floats", () => {
    expect(parseAmount("1234,5")).toBe(123450n);
    expect(parseAmount("0.01")).toBe(1n);
    expect(parseAmount("10")).toBe(1000n);
    expect(parseAmount("0")).toBeNull();
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount("1,2,3")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(parseAmount("")).toBeNull();
  });

  it("cleans amount input: digits, one separator, comma to dot, 2 decimals", () => {
    expect(sanitizeAmountInput("12,345")).toBe("12,34");
    expect(sanitizeAmountInput("1a2b.3.4")).toBe("12,34");
    expect(sanitizeAmountInput(",5")).toBe("0,5");
    expect(sanitizeAmountInput("--7")).toBe("7");
    // The field shows the Russian decimal comma, and parseAmount reads it.
    expect(sanitizeAmountInput("4.5")).toBe("4,5");
    expect(parseAmount(sanitizeAmountInput("1234.5"))).toBe(123_450n);
    // In English it shows the decimal point, whichever was typed.
    expect(sanitizeAmountInput("4,5", "en")).toBe("4.5");
    expect(sanitizeAmountInput(",5", "en")).toBe("0.5");
    expect(parseAmount(sanitizeAmountInput("1234,5", "en"))).toBe(123_450n);
    // A value kept in either notation is shown in the language's.
    expect(withDecimalMark("12.30", "ru")).toBe("12,30");
    expect(withDecimalMark("12,30", "en")).toBe("12.30");
  });

  it("an empty amount field shows nought in the language's notation", () => {
    expect(amountPlaceholder("ru")).toBe("0,00");
    expect(amountPlaceholder("en")).toBe("0.00");
  });

  it("formats in Russian with the currency symbol", () => {
    expect(formatMoney(123456n, "RUB")).toBe("1\u00a0234,56\u00a0₽");
    expect(formatMoney(5, "USD")).toBe("0,05\u00a0$");
    // The minus is U+2212 (typographic), never the hyphen-minus.
    expect(formatMoney(-250000, "EUR")).toBe("\u22122\u00a0500,00\u00a0€");
    expect(formatMoney(100, "CNY")).toBe("1,00\u00a0¥");
  });

  it("signs a movement: + for money in, U+2212 for money out, nothing for nought", () => {
    expect(formatMoneyChange(1_234_567, "RUB")).toBe("+12\u00a0345,67\u00a0₽");
    expect(formatMoneyChange(-1_234_567, "RUB")).toBe("\u221212\u00a0345,67\u00a0₽");
    expect(formatMoneyChange(-1_234_567n, "USD", "en")).toBe("\u2212$12,345.67");
    expect(formatMoneyChange(500, "EUR", "en")).toBe("+€5.00");
    expect(formatMoneyChange(0, "RUB")).toBe("0,00\u00a0₽");
  });

  it("writes a price as the language writes money: 1 $ = 91,3089 ₽, $1 = ₽91.3089", () => {
    expect(formatPrice("USD", 913_089n, "RUB")).toBe("1\u00a0$ = 91,3089\u00a0₽");
    expect(formatPrice("USD", 913_089n, "RUB", "en")).toBe("$1 = ₽91.3089");
    expect(formatPrice("RUB", 110n, "USD", "en")).toBe("₽1 = $0.011");
  });

  it("converts rounding down and states the ratio", () => {
    // 10.00 USD at 92.5123 ₽ into EUR at 100.0000 ₽ = 9.251230 EUR → 9.25 EUR
    expect(convert(1000n, 925123n, 1000000n)).toBe(925n);
    // 1 kopeck into USD is less than a cent: the receiver gets 0
    expect(convert(1n, 10000n, 925123n)).toBe(0n);
    expect(ratioString(925123n, 10000n)).toBe("92.5123");
    expect(ratioString(10000n, 10000n)).toBe("1");
  });

  it("computes ruble equivalents rounding half up", () => {
    expect(toRubles(100n, 925123n)).toBe(9251n); // 92.5123 ₽ → 92.51 ₽
    expect(toRubles(100n, 925150n)).toBe(9252n); // 92.515 → 92.52
  });
});

describe("exchange rates as people read them", () => {
  it("records a ratio precisely enough to give back the rate either way round", () => {
    const { formatExchangeRate, ratioString } = jest.requireActual<typeof import("@/lib/shared/money")>("@/lib/shared/money");
    // 1 $ = 90.1234 ₽: rubles to dollars is a ratio below 1, shown as the dollar's price.
    expect(formatExchangeRate(ratioString(10_000n, 901_234n), "RUB", "USD")).toBe("1\u00a0$ = 90,1234\u00a0₽");
    expect(formatExchangeRate(ratioString(901_234n, 10_000n), "USD", "RUB")).toBe("1\u00a0$ = 90,1234\u00a0₽");
    expect(formatExchangeRate(ratioString(10_000n, 800_000n), "RUB", "USD")).toBe("1\u00a0$ = 80,00\u00a0₽");
    // Between two foreign currencies: the dearer one's price in the other.
    expect(formatExchangeRate(ratioString(925_123n, 1_001_234n), "USD", "EUR")).toBe("1\u00a0€ = 1,0823\u00a0$");
    expect(formatExchangeRate("1", "RUB", "RUB")).toBeNull();
    expect(formatExchangeRate("garbage", "RUB", "USD")).toBeNull();
  });
});

describe("formatCompactAmount (chart axes)", () => {
  it("writes whole units with a thousands or millions suffix in each language", () => {
    expect(formatCompactAmount(4_200)).toBe("42");
    expect(formatCompactAmount(1_500_000)).toBe("15\u00a0тыс.");
    expect(formatCompactAmount(1_500_000, "en")).toBe("15K");
    expect(formatCompactAmount(123_456_789)).toBe("1,2\u00a0млн");
    expect(formatCompactAmount(123_456_789, "en")).toBe("1.2M");
    expect(formatCompactAmount(-20_000_000)).toBe("\u2212200\u00a0тыс.");
    expect(formatCompactAmount(0)).toBe("0");
  });
});
