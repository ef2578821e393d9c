import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

afterEach(() => checkInvariants());

const send = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(transferRoute, { token, body, headers });

async function pair() {
  const alice = await createFundedUser({ RUB: 100_000 });
  const bob = await createFundedUser();
  return { alice, bob, body: { senderWalletId: alice.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 1_000 } };
}

describe("a message with the money", () => {
  it("travels with the transfer: both receipts, both histories and the recipient's notice", async () => {
    const { alice, bob, body } = await pair();
    const res = await send(alice.token, { ...body, message: "  За обед <b>в пятницу</b> 🍕  " });
    expect(res.status).toBe(201);
    const message = "За обед <b>в пятницу</b> 🍕";
    expect(res.body.message).toBe(message);

    for (const who of [alice, bob]) {
      const receipt = await call(receiptRoute, { token: who.token, params: { id: String(res.body.id) } });
      expect(receipt.status).toBe(200);
      expect(receipt.body.message).toBe(message);
    }
    const sent = await call(historyRoute, { token: alice.token, params: { walletId: String(alice.wallets.RUB) } });
    const got = await call(historyRoute, { token: bob.token, params: { walletId: String(bob.wallets.RUB) } });
    expect(sent.body.find((t: { id: number }) => t.id === res.body.id).message).toBe(message);
    expect(got.body.find((t: { id: number }) => t.id === res.body.id).message).toBe(message);

    const notice = await getDb().notification.findUniqueOrThrow({ where: { transferId: res.body.id } });
    expect(notice.userId).toBe(bob.user.id);
    expect(notice.text.split("\n")).toEqual([expect.stringContaining("Вам перевели 10,00"), `Сообщение отправителя: «${message}»`]);
  });

  it("is optional: none, null, or only spaces give null and a notice without a message line", async () => {
    const { alice, body } = await pair();
    for (const extra of [{}, { message: null }, { message: "   " }]) {
      const res = await send(alice.token, { ...body, ...extra });
      expect(res.status).toBe(201);
      expect(res.body.message).toBeNull();
      const notice = await getDb().notification.findUniqueOrThrow({ where: { transferId: res.body.id } });
      expect(notice.text).not.toContain("\n");
    }
  });

  it("takes 140 characters (an emoji counts as one) and refuses 141 with a Russian message, moving nothing", async () => {
    const { alice, bob, body } = await pair();
    const ok = await send(alice.token, { ...body, message: "😀".repeat(140) });
    expect(ok.status).toBe(201);
    const res = await send(alice.token, { ...body, message: "я".repeat(141) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "VALIDATION_ERROR", message: ru.transferMessage.tooLong });
    expect(await balanceOf(alice.wallets.RUB)).toBe(99_000);
    expect(await balanceOf(bob.wallets.RUB)).toBe(1_000);
  });

  const LINE_BREAKING: [string, string][] = [
    ["a line break inside", "первая\nвторая"],
    ["a NUL", "a\u0000b"],
    ["an escape sequence", "\u001b[31mкрасный"],
    ["a line separator", "спасибо»\u2028\u2028⚠️ Minibank: ваш счёт заблокирован. Позвоните 8 800 555 35 35"],
    ["a paragraph separator", "спасибо\u2029Minibank"],
  ];
  const INVISIBLE: [string, string][] = [
    ["a right-to-left override", "abc\u202edef"],
    ["a zero-width space", "a\u200bb"],
    ["an Arabic letter mark", "a\u061cb"],
    ["a Mongolian vowel separator", "a\u180eb"],
    ["a soft hyphen", "Мини\u00adбанк"],
    ...["\u206a", "\u206b", "\u206c", "\u206d", "\u206e", "\u206f"].map((c): [string, string] => [`U+${c.codePointAt(0)!.toString(16)}`, `a${c}b`]),
    ["a Hangul filler", "\u3164"],
    ["a Hangul choseong filler", "a\u115fb"],
    ["a Hangul jungseong filler", "a\u1160b"],
    ["a halfwidth Hangul filler", "a\uffa0b"],
    ["a braille blank", "\u2800\u2800"],
    ["a tag character", "флаг\u{e0067}\u{e0062}\u{e007f}"],
    ["U+E0000", "a\u{e0000}b"],
    ["U+E0001", "a\u{e0001}b"],
  ];

  it.each([
    ...LINE_BREAKING.map(([name, message]) => [name, message, ru.transferMessage.controlCharacters]),
    ...INVISIBLE.map(([name, message]) => [name, message, ru.transferMessage.invisibleCharacters]),
  ])("refuses %s (400 saying what is wrong, nothing moves)", async (_name, message, expected) => {
    const { alice, body } = await pair();
    const res = await send(alice.token, { ...body, message });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    if (!message.includes("\u0000")) expect(res.body.message).toBe(expected);
    expect(await balanceOf(alice.wallets.RUB)).toBe(100_000);
  });

  it("keeps emoji with their variation selectors and skin tones", async () => {
    const { alice, body } = await pair();
    const res = await send(alice.token, { ...body, message: "❤️ спасибо 👍🏽" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("❤️ спасибо 👍🏽");
  });

  it("a payment request's message obeys the same rules", async () => {
    const { alice } = await pair();
    for (const [message, expected] of [
      ["Кино\u2028Minibank", ru.transferMessage.controlCharacters],
      ["Кино\u3164", ru.transferMessage.invisibleCharacters],
      ["Кино\u{e0041}", ru.transferMessage.invisibleCharacters],
    ]) {
      const res = await call(createRequestRoute, { token: alice.token, body: { currency: "RUB", amount: 100, message } });
      expect({ message, status: res.status, body: res.body }).toEqual({ message, status: 400, body: { code: "VALIDATION_ERROR", message: expected } });
    }
    expect(await getDb().paymentRequest.count({ where: { requesterId: alice.user.id } })).toBe(0);
  });

  it("one that could pass for the bank's own words stays in the receipt and out of the notice", async () => {
    const { alice, bob, body } = await pair();
    const noticeOf = async (message: string) => {
      const res = await send(alice.token, { ...body, amount: 1, message });
      expect(res.status).toBe(201);
      const receipt = await call(receiptRoute, { token: bob.token, params: { id: String(res.body.id) } });
      expect(receipt.body.message).toBe(message);
      return (await getDb().notification.findUniqueOrThrow({ where: { transferId: res.body.id } })).text.split("\n")[1];
    };
    for (const message of [
      "спасибо» ⚠️ Minibank: ваш счёт заблокирован. Позвоните 8 800 …",
      "вход: 1.2.3.4/login",
      "вход: [2001:db8::1]/login",
      "перезвоните 8 (800) 555-35-35",
      "Пришлите код из СМС",
      "Служба безопасности: операция отменена",
      "Μinibαnk: штраф",
      "ʙᴀɴᴋ ꜱᴜᴘᴘᴏʀᴛ",
    ]) {
      expect({ message, line: await noticeOf(message) }).toEqual({ message, line: ru.transferMessage.noticeInReceipt });
    }
    for (const message of ["Ко дню рождения 🎂", "За пиццу, 2 шт. по 450"]) {
      expect(await noticeOf(message)).toBe(`Сообщение отправителя: «${message}»`);
    }
  });

  it("refuses a message that is not text", async () => {
    const { alice, body } = await pair();
    for (const message of [42, ["a"], { text: "a" }, true]) {
      const res = await send(alice.token, { ...body, message });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await balanceOf(alice.wallets.RUB)).toBe(100_000);
  });

  it("is part of the idempotent request: the same key replays with it, another message is a 409", async () => {
    const { alice, bob, body } = await pair();
    const headers = { "idempotency-key": "message-key-1" };
    const first = await send(alice.token, { ...body, message: "Долг" }, headers);
    const again = await send(alice.token, { ...body, message: "  Долг " }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await send(alice.token, { ...body, message: "Подарок" }, headers);
    expect(other.status).toBe(409);
    const none = await send(alice.token, body, headers);
    expect(none.status).toBe(409);
    expect(await balanceOf(bob.wallets.RUB)).toBe(1_000);
  });
});
