import { splitLinkFor, splitScreenPath, splitTokenFromPayload } from "@/lib/client/split-link";
import { rememberStartLink, takeStartPath } from "@/lib/client/start-link";
import { equalShares, sumShares } from "@/lib/shared/split-shares";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
  get length() {
    return this.data.size;
  }
  clear = () => this.data.clear();
  key = () => null;
}

describe("split links", () => {
  it("open the split's screen from the bot's startapp payload, and sign-in comes back to it", () => {
    const link = splitLinkFor(TOKEN, "https://t.me/minibank_bot/app", "https://bank.example");
    expect(link).toBe(`https://t.me/minibank_bot/app?startapp=split-${TOKEN}`);
    expect(splitLinkFor(TOKEN, undefined, "https://bank.example")).toBe(`https://bank.example/split?s=${TOKEN}`);
    expect(splitTokenFromPayload(`split-${TOKEN}`)).toBe(TOKEN);
    expect(splitTokenFromPayload("split-short")).toBeNull();
    expect(splitTokenFromPayload(`req-${TOKEN}`)).toBeNull();
    const storage = new MemoryStorage();
    expect(rememberStartLink({ hash: "", search: `?startapp=split-${TOKEN}` }, storage)).toBe(splitScreenPath(TOKEN));
    expect(takeStartPath(storage)).toBe(`/split?s=${TOKEN}`);
  });
});

describe("equal shares", () => {
  it("sum to the total, differ by at most one minor unit, the larger ones first", () => {
    for (const [total, count] of [[100n, 3], [1n, 1], [7n, 7], [1_000_000_007n, 20], [2n ** 53n - 1n, 13]] as const) {
      const shares = equalShares(total, count);
      expect(shares).toHaveLength(count);
      expect(sumShares(shares)).toBe(total);
      expect(shares[0] - shares[count - 1] <= 1n).toBe(true);
    }
    expect(equalShares(100n, 3)).toEqual([34n, 33n, 33n]);
    expect(() => equalShares(2n, 3)).toThrow(RangeError);
  });
});
