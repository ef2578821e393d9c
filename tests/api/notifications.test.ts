import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { PUT as notificationsRoute } from "@/app/api/v1/users/[id]/notifications/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/env";
import { deliverDue, LEASE_MS } from "@/lib/server/notifications/deliver";
import { call } from "@/tests/support/api";
import { startFakeBotApi, type FakeBotApi } from "@/tests/support/fake-bot-api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

let fake: FakeBotApi;
let chat = 880_000;

beforeEach(async () => {
  fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!);
  process.env.TELEGRAM_API_URL = fake.url;
  resetEnvForTests();
  // Messages from earlier tests are not this test's business.
  await getDb().notification.deleteMany();
});

afterEach(async () => {
  await fake.close();
  delete process.env.TELEGRAM_API_URL;
  resetEnvForTests();
  await checkInvariants();
});

/** Алиса (funded) and a Telegram user to pay, notifications on. */
async function people() {
  const alice = await createFundedUser({ RUB: 1_000_000 });
  await getDb().user.update({ where: { id: alice.user.id }, data: { telegramFirstName: "Алиса" } });
  const bob = await createFundedUser();
  chat += 1;
  await getDb().user.update({ where: { id: bob.user.id }, data: { telegramId: String(chat) } });
  // Alice's opening top-up queued a message of its own (tested below); these tests watch Bob's.
  await getDb().notification.deleteMany();
  return { alice, bob, chat: String(chat) };
}

async function pay(from: Awaited<ReturnType<typeof people>>["alice"], toWallet: number, amount = 150_000) {
  const res = await call(transferRoute, {
    token: from.token,
    body: { senderWalletId: from.wallets.RUB, receiverWalletId: toWallet, amount },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

const sent = () => fake.calls.filter((c) => c.method === "sendMessage");

describe("credit notifications", () => {
  it("a transfer to a Telegram user with notifications on becomes exactly one bot message, in Russian formatting", async () => {
    const { alice, bob, chat } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    const queued = await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } });
    expect(queued).toMatchObject({ status: "pending", channel: "telegram", address: chat, userId: bob.user.id });

    expect(await deliverDue()).toBe(1);
    expect(await deliverDue()).toBe(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0].params).toMatchObject({
      chat_id: chat,
      text: expect.stringMatching(/^Вам перевели 1\s500,00\s₽ от Алиса$/),
      reply_markup: { inline_keyboard: [[{ text: "Открыть историю", web_app: { url: expect.stringMatching(/\/bank$/) } }]] },
    });
    expect(await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).toMatchObject({
      status: "sent",
      attempts: 1,
    });
  });

  it("nothing is queued once the switch is off, or for money moved between one's own wallets", async () => {
    const { alice, bob } = await people();
    const off = await call(notificationsRoute, { token: bob.token, params: { id: String(bob.user.id) }, body: { enable: false } });
    expect(off.status).toBe(200);
    await pay(alice, bob.wallets.RUB);
    await setRate("USD", 92_5000);
    const own = await call(transferRoute, {
      token: alice.token,
      body: { senderWalletId: alice.wallets.RUB, receiverWalletId: alice.wallets.USD, amount: 10_000 },
    });
    expect(own.status).toBe(201);
    expect(await getDb().notification.count()).toBe(0);
    await deliverDue();
    expect(sent()).toHaveLength(0);
  });

  it("switching off also stops a message already queued", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    await call(notificationsRoute, { token: bob.token, params: { id: String(bob.user.id) }, body: { enable: false } });
    await deliverDue();
    expect(sent()).toHaveLength(0);
    expect(await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).toMatchObject({
      status: "failed",
      lastError: "notifications switched off",
    });
  });

  it("a top-up is announced too; an e-mail-only user is told by e-mail", async () => {
    const carol = await createFundedUser();
    const top = await call(topUpRoute, { token: carol.token, body: { currency: "USD", amount: 2_500 } });
    expect(top.status).toBe(201);
    expect(await getDb().notification.findUniqueOrThrow({ where: { transferId: top.body.id } })).toMatchObject({
      channel: "email",
      address: carol.user.email,
    });
    await deliverDue();
    const mail = await getDb().outboxEmail.findFirstOrThrow({ where: { to: carol.user.email! }, orderBy: { id: "desc" } });
    expect(mail.subject).toBe("Поступление на счёт в Minibank");
    expect(mail.text.replace(/\s/g, " ")).toBe("Счёт пополнен на 25,00 $");
    expect(sent()).toHaveLength(0);
  });

  it("429: waits the retry_after, then delivers once", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "429");
    const now = new Date();
    await deliverDue(now);
    const waiting = await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } });
    expect(waiting.status).toBe("pending");
    expect(waiting.nextAttemptAt.getTime() - now.getTime()).toBe(1000);
    expect(await deliverDue(new Date(now.getTime() + 500))).toBe(0);
    expect(await deliverDue(new Date(now.getTime() + 1000))).toBe(1);
    expect(sent()).toHaveLength(2);
    expect((await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).status).toBe("sent");
  });

  it("500 three times, then 200: delivered once, with growing waits between tries", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "500", "500", "500");
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect(await deliverDue(new Date(now))).toBe(1);
      const row = await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } });
      if (row.status === "sent") break;
      waits.push(row.nextAttemptAt.getTime() - now);
      now = row.nextAttemptAt.getTime();
    }
    expect(waits).toEqual([2000, 4000, 8000]);
    expect((await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).status).toBe("sent");
    expect(sent()).toHaveLength(4);
  });

  it("403: given up with the reason recorded; the transfer stands", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "403");
    await deliverDue();
    expect(await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/blocked/),
    });
    expect(await deliverDue(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await getDb().transfer.findUnique({ where: { id: transfer.id } })).not.toBeNull();
  });

  it("a worker that died holding a message: after its lease another worker delivers it, once", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    // The dead worker's claim: sending, leased, never settled.
    await getDb().notification.update({
      where: { transferId: transfer.id },
      data: { status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + LEASE_MS) },
    });
    expect(await deliverDue()).toBe(0);
    expect(await deliverDue(new Date(Date.now() + LEASE_MS + 1000))).toBe(1);
    expect(sent()).toHaveLength(1);
    expect((await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).status).toBe("sent");
  });

  it("workers running at once never send one message twice", async () => {
    const { alice, bob } = await people();
    for (let i = 0; i < 6; i += 1) await pay(alice, bob.wallets.RUB, 1_000 + i);
    const handled = await Promise.all([deliverDue(), deliverDue(), deliverDue()]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(6);
    expect(sent()).toHaveLength(6);
    expect(new Set(sent().map((c) => c.params.text)).size).toBe(6);
  });

  it("a transfer never waits for, or fails with, the Bot API", async () => {
    const { alice, bob } = await people();
    await fake.close();
    const transfer = await pay(alice, bob.wallets.RUB);
    expect((await getDb().notification.findUniqueOrThrow({ where: { transferId: transfer.id } })).status).toBe("pending");
    fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!);
  });
});
