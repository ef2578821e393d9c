import fs from "node:fs";
import path from "node:path";
import { AppError, ERROR_CODES, errorBody, errorKey } from "@/lib/server/platform/errors";
import { DICTIONARIES, LANGUAGES, isMessageKey, message, type Language } from "@/lib/shared/i18n";
import { createExchangeBody } from "@/lib/shared/schemas/exchanges";
import { requestCodeBody, verifyCodeBody } from "@/lib/shared/schemas/auth";
import { createTransferBody } from "@/lib/shared/schemas/transfers";
import { topUpBody } from "@/lib/shared/schemas/wallets";

const { ru, en } = DICTIONARIES;

/** The text at a dotted key, read straight from the dictionary (not through `message`). */
function textAt(language: Language, key: string): unknown {
  let node: unknown = DICTIONARIES[language];
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe("message keys", () => {
  it("look a text up by key in either language, filling placeholders", () => {
    expect(message("errors.walletNotFound", "ru")).toBe(ru.errors.walletNotFound);
    expect(message("errors.walletNotFound", "en")).toBe(en.errors.walletNotFound);
    expect(message("errors.walletNotFound")).toBe(ru.errors.walletNotFound);
    expect(message("requests.shareText", "en", { amount: "5 $" })).toBe(en.requests.shareText.replace("{amount}", "5 $"));
  });

  it("are recognised by being keys, not by their alphabet", () => {
    expect(isMessageKey("errors.topUpLimit")).toBe(true);
    expect(isMessageKey("transferMessage.tooLong")).toBe(true);
    expect(isMessageKey(ru.errors.topUpLimit)).toBe(false);
    expect(isMessageKey("errors")).toBe(false);
    expect(isMessageKey("Invalid input: expected number, received string")).toBe(false);
    expect(isMessageKey(undefined)).toBe(false);
  });
});

describe("error codes", () => {
  it.each(ERROR_CODES)("%s answers with a key that has a text in every language", (code) => {
    const key = errorKey(code);
    for (const language of LANGUAGES) {
      expect({ code, key, language, text: typeof textAt(language, key) }).toEqual({ code, key, language, text: "string" });
    }
  });

  it("answer in the caller's language, with the code's own words or the specific ones given", () => {
    expect(errorBody(new AppError("WALLET_NOT_FOUND"))).toEqual({ message: ru.errors.walletNotFound, code: "WALLET_NOT_FOUND" });
    expect(errorBody(new AppError("WALLET_NOT_FOUND"), "en")).toEqual({ message: en.errors.walletNotFound, code: "WALLET_NOT_FOUND" });
    expect(errorBody(new AppError("REQUEST_PAID"), "en")).toEqual({ message: en.requests.errors.paid, code: "REQUEST_PAID" });
    const limited = new AppError("RATE_LIMITED", "errors.transferRateLimited");
    expect(errorBody(limited)).toEqual({ message: ru.errors.transferRateLimited, code: "RATE_LIMITED" });
    expect(errorBody(limited, "en")).toEqual({ message: en.errors.transferRateLimited, code: "RATE_LIMITED" });
  });
});

describe("schemas", () => {
  const folder = path.join(process.cwd(), "lib/shared/schemas");
  const named = fs
    .readdirSync(folder)
    .flatMap((file) => [...fs.readFileSync(path.join(folder, file), "utf8").matchAll(/says\("([^"]+)"\)|"([^"]+)" satisfies MessageKey/g)])
    .map((match) => match[1] ?? match[2]);

  it("name only keys that have a text in every language", () => {
    expect(named.length).toBeGreaterThan(10);
    for (const key of named) {
      for (const language of LANGUAGES) expect({ key, language, text: typeof textAt(language, key) }).toEqual({ key, language, text: "string" });
    }
  });

  it("give a key as the message of the issues a user may see", () => {
    const issues = [
      topUpBody.safeParse({ currency: "RUB", amount: 0 }),
      topUpBody.safeParse({ currency: "XXX", amount: 100 }),
      createTransferBody.safeParse({ senderWalletId: 1, receiverWalletId: 2, amount: -1 }),
      createTransferBody.safeParse({ senderWalletId: 1, receiverWalletId: 2, amount: 1, message: "x".repeat(500) }),
      createExchangeBody.safeParse({ fromWalletId: 1, toWalletId: 2 }),
      requestCodeBody.safeParse({ email: "not an address" }),
      verifyCodeBody.safeParse({ email: "a@b.co", code: "12" }),
    ].map((result) => result.error?.issues[0]?.message);
    expect(issues).toEqual([
      "errors.topUpLimit",
      "errors.unknownCurrency",
      "errors.invalidAmount",
      "transferMessage.tooLong",
      "exchange.oneSide",
      "login.invalidEmail",
      "login.wrongCode",
    ]);
    expect(issues.every(isMessageKey)).toBe(true);
  });
});
