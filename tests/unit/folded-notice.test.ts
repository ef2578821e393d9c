import { cutTo, fitFold, foldedText, MAX_MESSAGE_LENGTH, type Credit } from "@/lib/server/notifications/fold";
import { pluralForm } from "@/lib/shared/strings";

const transfers = (count: number, amount: bigint, currency = "RUB"): Credit[] =>
  Array.from({ length: count }, () => ({ kind: "transfer", amount, currency }));
const plain = (text: string) => text.replace(/\s/g, " ");

describe("one message for several credits", () => {
  it("says how many arrived and their sum, in the count's Russian plural form", () => {
    expect(plain(foldedText(transfers(12, 127_500n)))).toBe("Вам пришло 12 переводов на 15 300,00 ₽");
    expect(plain(foldedText(transfers(4, 100n)))).toBe("Вам пришло 4 перевода на 4,00 ₽");
    expect(plain(foldedText(transfers(21, 100n)))).toBe("Вам пришёл 21 перевод на 21,00 ₽");
    expect(plain(foldedText(transfers(111, 100n)))).toBe("Вам пришло 111 переводов на 111,00 ₽");
  });

  it("sums each currency apart, in the currency table's order", () => {
    const credits = [...transfers(3, 2_000n, "USD"), ...transfers(2, 50_000n, "RUB"), ...transfers(1, 1_000n, "CNY")];
    expect(plain(foldedText(credits))).toBe("Вам пришло 6 переводов на 1 000,00 ₽, 60,00 $ и 10,00 ¥");
  });

  it("names top-ups as such, and transfers with top-ups as поступления", () => {
    const topUps: Credit[] = Array.from({ length: 5 }, () => ({ kind: "topup", amount: 1_000n, currency: "EUR" }));
    expect(plain(foldedText(topUps))).toBe("Счёт пополнен 5 раз на 50,00 €");
    expect(plain(foldedText([...topUps.slice(0, 2), ...transfers(2, 100n)]))).toBe(
      "Вам пришло 4 поступления на 2,00 ₽ и 20,00 €",
    );
  });

  it("plural forms: 1, 21, 101 one; 2–4, 22 few; 0, 5–20, 11–14, 111 many", () => {
    const forms = [0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112, 122].map((n) => [n, pluralForm(n)]);
    expect(Object.fromEntries(forms)).toEqual({
      0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many",
      20: "many", 21: "one", 22: "few", 25: "many", 101: "one", 111: "many", 112: "many", 122: "few",
    });
  });
});

describe("one message for several credits, in English", () => {
  it("counts in English and writes money the English way", () => {
    expect(foldedText(transfers(12, 127_500n), "en")).toBe("You received 12 transfers totalling ₽15,300.00");
    expect(foldedText(transfers(21, 100n), "en")).toBe("You received 21 transfers totalling ₽21.00");
    const mixed: Credit[] = [...transfers(2, 100n), { kind: "topup", amount: 1000n, currency: "EUR" }, { kind: "topup", amount: 500n, currency: "USD" }];
    expect(foldedText(mixed, "en")).toBe("You received 4 payments totalling ₽2.00, $5.00, and €10.00");
  });
});

describe("a fold within Telegram's 4,096 characters", () => {
  const notice = (i: number) => `Напоминание ${i}: ваша доля 100,00 ₽ в счёте ещё не оплачена`;

  it("carries the credits' line, then as many whole notices as fit; the rest wait for the next message", () => {
    const notices = Array.from({ length: 500 }, (_, i) => notice(i));
    const head = foldedText(transfers(51, 100n));
    const first = fitFold(head, notices);
    expect(first.text.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(first.text.split("\n")).toEqual([head, ...notices.slice(0, first.told)]);
    // Not one more would have fitted.
    expect(first.text.length + 1 + notices[first.told].length).toBeGreaterThan(MAX_MESSAGE_LENGTH);
    // Every notice goes in some message, in order, each message within the limit.
    const told: string[] = [];
    for (let rest = notices.slice(first.told); rest.length > 0; ) {
      const next = fitFold(null, rest);
      expect(next.text.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
      expect(next.told).toBeGreaterThan(0);
      told.push(...next.text.split("\n"));
      rest = rest.slice(next.told);
    }
    expect([...notices.slice(0, first.told), ...told]).toEqual(notices);
  });

  it("fits exactly at the limit, and a single line longer than it is cut, never a surrogate pair halved", () => {
    const exact = fitFold(null, ["a".repeat(2_000), "b".repeat(2_095)]);
    expect([exact.text.length, exact.told]).toEqual([4_096, 2]);
    expect(fitFold(null, ["a".repeat(2_000), "b".repeat(2_096)]).told).toBe(1);
    const long = fitFold(null, ["x".repeat(10_000), "y"]);
    expect([long.text.length, long.told, long.text.endsWith("…")]).toEqual([4_096, 1, true]);
    const emoji = cutTo("😀".repeat(3_000), 4_096);
    expect(emoji.length).toBeLessThanOrEqual(4_096);
    expect(emoji.isWellFormed()).toBe(true);
    expect(cutTo("short", 4_096)).toBe("short");
  });
});
