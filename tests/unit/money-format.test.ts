import fc from "fast-check";
import { formatAmount, formatExchangeRate, formatMoney, formatRateUnits } from "@/lib/shared/money";

/**
 * What Intl.NumberFormat("ru-RU") writes, its narrow no-break spaces (newer ICU) as no-break spaces
 * and its hyphen-minus as the minus sign U+2212 the app writes.
 */
function intl(value: string, minDigits: number, maxDigits: number): string {
  const format = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits });
  // Intl takes exact decimal strings (no float rounding) though TypeScript's types say number.
  return format.format(value as unknown as number).replace(/\u202f/g, "\u00a0").replace("-", "\u2212");
}

function decimal(minor: bigint, scale: bigint, places: number): string {
  const sign = minor < 0n ? "-" : "";
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(places, "0")}`;
}

const amounts = fc.oneof(
  fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
  fc.bigInt({ min: -200_000n, max: 200_000n }),
);

describe("Russian number formatting without Intl", () => {
  it("amounts read exactly as Intl.NumberFormat('ru-RU') wrote them", () => {
    fc.assert(
      fc.property(amounts, (minor) => {
        expect(formatAmount(minor)).toBe(intl(decimal(minor, 100n, 2), 2, 2));
      }),
      { numRuns: 2000 },
    );
  });

  it("rates keep 2 to 4 decimals, as Intl did", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (units) => {
        expect(formatRateUnits(units)).toBe(intl(decimal(units, 10_000n, 4), 2, 4));
      }),
      { numRuns: 2000 },
    );
  });

  it("known values", () => {
    expect(formatAmount(0n)).toBe("0,00");
    expect(formatAmount(-5)).toBe("\u22120,05");
    expect(formatAmount(99_999)).toBe("999,99");
    expect(formatAmount(100_000)).toBe("1\u00a0000,00");
    expect(formatMoney(123_456_789n, "RUB")).toBe("1\u00a0234\u00a0567,89\u00a0₽");
    expect(formatRateUnits(925_123n)).toBe("92,5123");
    expect(formatRateUnits(925_100n)).toBe("92,51");
    expect(formatRateUnits(900_000n)).toBe("90,00");
    expect(formatRateUnits(12_345_678_000n)).toBe("1\u00a0234\u00a0567,80");
  });
});

describe("English money formatting", () => {
  it("reads as Intl.NumberFormat('en-US') with the narrow symbol writes it (its minus as U+2212): ₽1,234.56", () => {
    fc.assert(
      fc.property(amounts, fc.constantFrom("RUB", "USD", "EUR", "CNY" as const), (minor, currency) => {
        const format = new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol" });
        expect(formatMoney(minor, currency, "en")).toBe(format.format(decimal(minor, 100n, 2) as unknown as number).replace("-", "\u2212"));
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(123_456n, "RUB", "en")).toBe("₽1,234.56");
    expect(formatMoney(-500, "USD", "en")).toBe("\u2212$5.00");
    // Russian stays the default.
    expect(formatMoney(123_456n, "RUB")).toBe("1\u00a0234,56\u00a0₽");
  });
});

describe("English rates", () => {
  it("use a decimal point, comma grouping and the symbol first; Russian stays the default", () => {
    expect(formatRateUnits(925_123n, "en")).toBe("92.5123");
    expect(formatRateUnits(12_345_678_000n, "en")).toBe("1,234,567.80");
    // Symbol first, as English writes money ("₽1,234.56"), not the Russian "1 $ = 80,00 ₽".
    expect(formatExchangeRate("0.0125", "RUB", "USD", "en")).toBe("$1 = ₽80.00");
    expect(formatExchangeRate("0.0125", "RUB", "USD")).toBe("1\u00a0$ = 80,00\u00a0₽");
  });
});
