import { GET as meRoute } from "@/app/api/v1/users/me/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as summaryRoute } from "@/app/api/v1/statements/wallet/[walletId]/route";
import { acceptedLanguages, DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";
import { createFundedUser } from "@/tests/support/ledger";

const { ru, en } = DICTIONARIES;

const lang = (value: string) => ({ "accept-language": value });

describe("error messages in the caller's language", () => {
  it("answers in English to a client that prefers another language than Russian", async () => {
    const res = await call(meRoute, { path: "/api/v1/users/me", headers: lang("en-US,en;q=0.9") });
    expect(res.body).toEqual({ message: en.errors.unauthorized, code: "UNAUTHORIZED" });
  });

  it("keeps the spec's Russian texts for Russian, for no preference and for *", async () => {
    for (const headers of [lang("ru-RU,ru;q=0.9,en;q=0.8"), {}, lang("*")]) {
      const res = await call(meRoute, { path: "/api/v1/users/me", headers });
      expect(res.body).toEqual({ message: ru.errors.unauthorized, code: "UNAUTHORIZED" });
    }
  });

  it("translates the messages zod schemas and use cases carry", async () => {
    const alice = await createFundedUser();
    const tooMuch = await call(topUpRoute, { token: alice.token, body: { currency: "RUB", amount: 0 }, headers: lang("en") });
    expect(tooMuch.body).toEqual({ message: en.errors.topUpLimit, code: "VALIDATION_ERROR" });
    const reversed = await call(summaryRoute, {
      token: alice.token,
      path: `/api/v1/statements/wallet/${alice.wallets.RUB}?from=2026-02-01&to=2026-01-01`,
      params: { walletId: String(alice.wallets.RUB) },
      headers: lang("de-DE"),
    });
    expect(reversed.body).toEqual({ message: en.errors.invalidDateRange, code: "INVALID_DATE_RANGE" });
    const russian = await call(topUpRoute, { token: alice.token, body: { currency: "RUB", amount: 0 } });
    expect(russian.body.message).toBe("Сумма пополнения должна быть от 0,01 до 1 000 000,00");
  });

  it("answers a validation error and a domain error in Russian by default and in English when asked", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const bob = await createFundedUser();
    const bad = { currency: "RUB", amount: 1.5 };
    const tooMuch = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 5_000 };
    for (const [headers, dictionary] of [[{}, ru], [lang("ru"), ru], [lang("en-GB,en;q=0.9"), en]] as const) {
      const invalid = await call(topUpRoute, { token: alice.token, body: bad, headers });
      expect({ status: invalid.status, body: invalid.body }).toEqual({ status: 400, body: { message: dictionary.errors.topUpLimit, code: "VALIDATION_ERROR" } });
      const refused = await call(transferRoute, { token: alice.token, body: tooMuch, headers });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { message: dictionary.errors.insufficientFunds, code: "INSUFFICIENT_FUNDS" } });
    }
  });

  it("answers the generic validation words for an issue that names no key, in either language", async () => {
    const alice = await createFundedUser();
    for (const [headers, dictionary] of [[{}, ru], [lang("en"), en]] as const) {
      const stranger = await call(transferRoute, { token: alice.token, body: { senderWalletId: "one", receiverWalletId: "two", amount: 100 }, headers });
      expect(stranger.body).toEqual({ message: dictionary.errors.validation, code: "VALIDATION_ERROR" });
    }
  });

  it("answers the specific words a use case names, in either language", async () => {
    const alice = await createFundedUser({ RUB: 1_000 });
    const bob = await createFundedUser();
    const body = { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 100 };
    const idempotencyKey = { "Idempotency-Key": "k".repeat(1_000) };
    for (const [language, dictionary] of [["ru", ru], ["en", en]] as const) {
      const res = await call(transferRoute, { token: alice.token, body, headers: { ...idempotencyKey, ...lang(language) } });
      expect(res.body).toEqual({ message: dictionary.errors.idempotencyKeyInvalid, code: "VALIDATION_ERROR" });
    }
  });

  it("reads Accept-Language by preference", () => {
    expect(acceptedLanguages("ru;q=0.5, en-GB, *;q=0.1, de;q=0")).toEqual(["en-GB", "ru"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages("*")).toEqual([]);
  });
});
