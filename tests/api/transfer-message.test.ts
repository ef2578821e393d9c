import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as historyRoute } from "@/app/api/v1/transfers/wallet/[walletId]/route";
import { getDb } from "@/lib/server/db";
import { ru } from "@/lib/shared/strings";
import { call } from "@/tests/support/api";
import { balanceOf, checkInvariants, createFundedUser } from "@/tests/support/ledger";

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

  it.each([
    ["a line break inside", "первая\nвторая"],
    ["a NUL", "a\u0000b"],
    ["an escape sequence", "\u001b[31mкрасный"],
    ["a right-to-left override", "abc\u202edef"],
    ["a zero-width space", "a\u200bb"],
  ])("refuses %s (400, nothing moves)", async (_name, message) => {
    const { alice, body } = await pair();
    const res = await send(alice.token, { ...body, message });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    if (!message.includes("\u0000")) expect(res.body.message).toBe(ru.transferMessage.controlCharacters);
    expect(await balanceOf(alice.wallets.RUB)).toBe(100_000);
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
