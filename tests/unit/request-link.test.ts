import { payPathFor, requestLinkFor, requestTokenFromPayload } from "@/lib/client/request-link";
import { rememberStartLink, takeStartPath } from "@/lib/client/start-link";

const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe("payment request links", () => {
  it("are the bot's startapp link when it is known, else the site's pay page", () => {
    expect(requestLinkFor(TOKEN, "https://t.me/minibank_bot/app", "https://bank.test")).toBe(`https://t.me/minibank_bot/app?startapp=req-${TOKEN}`);
    expect(requestLinkFor(TOKEN, undefined, "https://bank.test")).toBe(`https://bank.test/pay?r=${TOKEN}`);
  });

  it("read a startapp payload back, refusing anything else", () => {
    expect(requestTokenFromPayload(`req-${TOKEN}`)).toBe(TOKEN);
    expect(requestTokenFromPayload("req-short")).toBeNull();
    expect(requestTokenFromPayload(`req-${TOKEN}/../x`)).toBeNull();
    expect(requestTokenFromPayload(`pay-${TOKEN}`)).toBeNull();
    expect(requestTokenFromPayload(null)).toBeNull();
  });

  it("launched from Telegram with one, the app opens the pay screen after sign-in", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(rememberStartLink({ hash: `#tgWebAppStartParam=req-${TOKEN}`, search: "" }, storage)).toBe(payPathFor(TOKEN));
    expect(takeStartPath(storage)).toBe(`/pay?r=${TOKEN}`);
    expect(takeStartPath(storage)).toBe("/bank");
  });
});
