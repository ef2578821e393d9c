import { parseQrContent } from "@/lib/client/qr";
import {
  launchStartParam,
  linkFromStartPayload,
  receiptPathFromPayload,
  rememberStartLink,
  startAppLinkFor,
  startPayloadFor,
  rememberPath,
  takeStartPath,
} from "@/lib/client/start-link";
import { keepStartParam } from "@/lib/client/start-param";

const link = { method: "card" as const, target: "2202941357933750", amount: "150.00" };
const BOT = "https://t.me/minibank_bot/app";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe("payment links that open inside Telegram (startapp)", () => {
  it("carry the transfer in a payload Telegram accepts, and back", () => {
    const payload = startPayloadFor(link)!;
    expect(payload).toMatch(/^pay-[A-Za-z0-9_-]+$/);
    expect(payload.length).toBeLessThanOrEqual(512);
    expect(linkFromStartPayload(payload)).toEqual(link);
    const email = { method: "email" as const, target: "вера.п@почта.рф" };
    expect(linkFromStartPayload(startPayloadFor(email))).toEqual(email);
    expect(startAppLinkFor(BOT, link)).toBe(`${BOT}?startapp=${payload}`);
    expect(startAppLinkFor(undefined, link)).toBeNull();
    expect(startPayloadFor({ method: "username", target: "x".repeat(600) })).toBeNull();
  });

  it("the scanner reads both forms and refuses anything else with 'Неверный формат QR-кода'", () => {
    expect(parseQrContent(startAppLinkFor(BOT, link))).toEqual({ ok: true, link });
    expect(parseQrContent("minibank://transfer?method=card&target=2202941357933750&amount=150.00")).toEqual({ ok: true, link });
    const refused = { ok: false, error: "Неверный формат QR-кода" };
    for (const text of [
      `${BOT}`,
      `${BOT}?startapp=debug`,
      `${BOT}?startapp=pay-%%%`,
      `${BOT}?startapp=pay-${btoa("method=card&amount=5")}`,
      `http://t.me/minibank_bot/app?startapp=${startPayloadFor(link)}`,
      `https://t.me.evil.example/app?startapp=${startPayloadFor(link)}`,
      `https://example.com/?startapp=${startPayloadFor(link)}`,
      `${BOT}?startapp=pay-${btoa("method=card&target=1&amount=-5").replace(/=+$/, "")}`,
    ]) {
      expect({ text, result: parseQrContent(text) }).toEqual({ text, result: refused });
    }
  });

  it("the launch's start parameter opens the prefilled transfer once the user is signed in, once", () => {
    const payload = startPayloadFor(link)!;
    expect(launchStartParam({ hash: `#tgWebAppData=x&tgWebAppStartParam=${payload}`, search: "" })).toBe(payload);
    expect(launchStartParam({ hash: "", search: `?startapp=${payload}` })).toBe(payload);
    const storage = new MemoryStorage() as unknown as Storage;
    expect(rememberStartLink({ hash: "", search: "?startapp=debug" }, storage)).toBeNull();
    expect(takeStartPath(storage)).toBe("/bank");
    const path = rememberStartLink({ hash: "", search: `?startapp=${payload}` }, storage);
    expect(path).toBe("/transfer-money?method=card&target=2202941357933750&amount=150.00");
    expect(takeStartPath(storage)).toBe(path);
    expect(takeStartPath(storage)).toBe("/bank");
  });

  it("a receipt's button (startapp=rcpt-<id>) opens that receipt once signed in; nothing else passes as one", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(receiptPathFromPayload("rcpt-42")).toBe("/receipt/42");
    for (const bad of ["rcpt-", "rcpt-x1", "rcpt-1/../bank", "rcpt-1234567890123456", "receipt-4"]) {
      expect(receiptPathFromPayload(bad)).toBeNull();
      expect(rememberStartLink({ hash: "", search: `?startapp=${encodeURIComponent(bad)}` }, storage)).toBeNull();
    }
    expect(rememberStartLink({ hash: "#tgWebAppStartParam=rcpt-42", search: "" }, storage)).toBe("/receipt/42");
    expect(takeStartPath(storage)).toBe("/receipt/42");
    storage.setItem("mb-start-path", "/receipt/42/../../evil");
    expect(takeStartPath(storage)).toBe("/bank");
  });

  it("the parameter kept as it came at launch becomes its path at sign-in, once; a path kept later wins", () => {
    const payload = startPayloadFor(link)!;
    const storage = new MemoryStorage() as unknown as Storage;
    keepStartParam({ hash: "", search: "" }, storage);
    expect(takeStartPath(storage)).toBe("/bank");
    keepStartParam({ hash: `#tgWebAppData=x&tgWebAppStartParam=${payload}`, search: "" }, storage);
    expect(takeStartPath(storage)).toBe("/transfer-money?method=card&target=2202941357933750&amount=150.00");
    expect(takeStartPath(storage)).toBe("/bank");
    keepStartParam({ hash: "", search: "?startapp=rcpt-7" }, storage);
    rememberPath("/pay?r=abc", storage);
    expect(takeStartPath(storage)).toBe("/pay?r=abc");
    expect(takeStartPath(storage)).toBe("/bank");
    keepStartParam({ hash: "", search: "?startapp=debug" }, storage);
    expect(takeStartPath(storage)).toBe("/bank");
  });
});
