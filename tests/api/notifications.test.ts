import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { PUT as notificationsRoute } from "@/app/api/v1/users/[id]/notifications/route";
import { GET as meRoute } from "@/app/api/v1/users/me/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { getDb, sqlOf } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { onShutdown, runShutdownHooks } from "@/lib/server/platform/shutdown";
import { UNREACHABLE_MS } from "@/lib/server/notifications/send";
import { freePort } from "@/scripts/app-server";
import { TELEGRAM_PER_SECOND, type Channel } from "@/lib/server/notifications/claim";
import { claimDue } from "@/lib/server/notifications/store-claim";
import {
  deliverDue,
  LEASE_MS,
  MAX_ATTEMPTS,
  startNotificationWorker,
  stopNotificationWorker,
} from "@/lib/server/notifications/deliver";
import { call } from "@/tests/support/api";
import { startFakeBotApi, TELEGRAM_LIMITS, type FakeBotApi, type Limits } from "@/tests/support/fake-bot-api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";
import { startSmtp, type Mailbox } from "@/tests/support/smtp";

let fake: FakeBotApi;
let chat = 880_000;

async function useFake(limits?: Limits) {
  await fake?.close();
  fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!, { limits });
  process.env.TELEGRAM_API_URL = fake.url;
  resetEnvForTests();
}

beforeEach(async () => {
  await useFake();
  // Messages from earlier tests are not this test's business.
  await getDb().notification.deleteMany();
});

afterEach(async () => {
  await stopNotificationWorker();
  await fake.close();
  delete process.env.TELEGRAM_API_URL;
  resetEnvForTests();
  await checkInvariants();
});

type Person = Awaited<ReturnType<typeof createFundedUser>>;

/** A user with the four wallets who reads the bot, notifications on. */
async function telegramUser(): Promise<Person & { chat: string }> {
  const person = await createFundedUser();
  chat += 1;
  await getDb().user.update({ where: { id: person.user.id }, data: { telegramId: String(chat) } });
  return { ...person, chat: String(chat) };
}

/** Алиса (funded, @alice_N vouched for by Telegram) and a Telegram user to pay, notifications on. */
async function people() {
  const alice = await createFundedUser({ RUB: 1_000_000 });
  const handle = `alice_${alice.user.id}`;
  await getDb().user.update({
    where: { id: alice.user.id },
    data: { telegramFirstName: "Алиса", username: handle, telegramUsername: handle },
  });
  alice.user.username = handle;
  const bob = await telegramUser();
  // Alice's opening top-up queued a message of its own (tested below); these tests watch Bob's.
  await getDb().notification.deleteMany();
  return { alice, bob, chat: bob.chat };
}

async function pay(from: Person, toWallet: number, amount = 150_000) {
  const res = await call(transferRoute, {
    token: from.token,
    body: { senderWalletId: from.wallets.RUB, receiverWalletId: toWallet, amount },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

const sent = () => fake.calls.filter((c) => c.method === "sendMessage");
const row = (transferId: number) => getDb().notification.findUniqueOrThrow({ where: { transferId } });
const textOf = (c: { params: Record<string, unknown> }) => String(c.params.text).replace(/\s/g, " ");

let transferIds = 9_000_000;
/**
 * Outbox rows for load-shaped tests, one per address, as the ledger writes them (the worker reads
 * nothing else of a single message; `userId` only for the notifications switch).
 */
async function queue(channel: Channel, addresses: string[], userId: number): Promise<void> {
  await getDb().notification.createMany({
    data: addresses.map((address) => ({ transferId: (transferIds += 1), userId, channel, address, text: `Вам перевели ${address}` })),
  });
}

const count = (channel: Channel, status: string) => getDb().notification.count({ where: { channel, status } });

async function until(what: string, condition: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("credit notifications", () => {
  it("a transfer to a Telegram user with notifications on becomes exactly one bot message, in Russian formatting", async () => {
    const { alice, bob, chat } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    const queued = await row(transfer.id);
    expect(queued).toMatchObject({ status: "pending", channel: "telegram", address: chat, userId: bob.user.id });

    expect(await deliverDue()).toBe(1);
    expect(await deliverDue()).toBe(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0].params).toMatchObject({
      chat_id: chat,
      text: expect.stringMatching(new RegExp(`^Вам перевели 1\\s500,00\\s₽ от @${alice.user.username} \\(Telegram\\)$`)),
      reply_markup: { inline_keyboard: [[{ text: "Открыть историю", web_app: { url: expect.stringMatching(/\/bank$/) } }]] },
    });
    expect(await row(transfer.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("an English-speaking user is told in English, one message or folded, with English money", async () => {
    const { alice, bob, chat } = await people();
    await getDb().user.update({ where: { id: bob.user.id }, data: { language: "en" } });
    await pay(alice, bob.wallets.RUB);
    expect(await deliverDue()).toBe(1);
    expect(sent()[0].params).toMatchObject({
      chat_id: chat,
      text: `You received ₽1,500.00 from @${alice.user.username} (Telegram)`,
      reply_markup: { inline_keyboard: [[{ text: "Open history", web_app: { url: expect.stringMatching(/\/bank$/) } }]] },
    });
    for (let i = 0; i < 4; i += 1) await pay(alice, bob.wallets.RUB, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // one message a second to a chat
    expect(await deliverDue()).toBe(1);
    expect(sent().map(textOf).at(-1)).toBe("You received 4 transfers totalling ₽40.00");
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
    expect(await row(transfer.id)).toMatchObject({ status: "failed", lastError: "notifications switched off" });
  });

  it("a top-up is announced too; an e-mail-only user is told by e-mail", async () => {
    const carol = await createFundedUser();
    const top = await call(topUpRoute, { token: carol.token, body: { currency: "USD", amount: 2_500 } });
    expect(top.status).toBe(201);
    expect(await row(top.body.id)).toMatchObject({ channel: "email", address: carol.user.email });
    await deliverDue();
    const mail = await getDb().outboxEmail.findFirstOrThrow({ where: { to: carol.user.email! }, orderBy: { id: "desc" } });
    expect(mail.subject).toBe("Поступление на счёт в Minibank");
    expect(mail.text.replace(/\s/g, " ")).toBe("Счёт пополнен на 25,00 $");
    expect(sent()).toHaveLength(0);
  });

  it("429: waits its retry_after, then delivers once; the 429 is not counted as a try", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "429");
    const now = new Date();
    await deliverDue(now);
    const waiting = await row(transfer.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    expect(waiting.nextAttemptAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(1000);
    expect(await deliverDue(new Date(now.getTime() + 500))).toBe(0);
    expect(await deliverDue(waiting.nextAttemptAt)).toBe(1);
    expect(sent()).toHaveLength(2);
    expect(await row(transfer.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("500 three times, then 200: delivered once, with growing waits between tries", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "500", "500", "500");
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect(await deliverDue(new Date(now))).toBe(1);
      const queued = await row(transfer.id);
      if (queued.status === "sent") break;
      waits.push(queued.nextAttemptAt.getTime() - now);
      now = queued.nextAttemptAt.getTime();
    }
    // Counted from the end of each try (a few milliseconds after the pass began).
    expect(waits.map((ms) => Math.floor(ms / 1000) * 1000)).toEqual([2000, 4000, 8000]);
    expect(await row(transfer.id)).toMatchObject({ status: "sent", attempts: 4 });
    expect(sent()).toHaveLength(4);
  });

  it("403: given up with the reason recorded; the transfer stands", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "403");
    await deliverDue();
    expect(await row(transfer.id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/blocked/) });
    expect(await deliverDue(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await getDb().transfer.findUnique({ where: { id: transfer.id } })).not.toBeNull();
  });

  it("403 records that the bot may not write: /users/me says so, and the next notice goes by e-mail", async () => {
    const { alice, bob } = await people();
    const email = `bob${bob.chat}@example.com`;
    await getDb().user.update({ where: { id: bob.user.id }, data: { email } });
    const me = () => call(meRoute, { token: bob.token });
    expect((await me()).body).toMatchObject({ notification: true, botMayWrite: true });
    await pay(alice, bob.wallets.RUB);
    fake.fail("sendMessage", "403");
    await deliverDue();
    expect((await me()).body).toMatchObject({ notification: true, botMayWrite: false });
    const next = await pay(alice, bob.wallets.RUB);
    expect(await row(next.id)).toMatchObject({ channel: "email", address: email });
    // Leave granted from the Mini App: Telegram again.
    const allowed = await call(notificationsRoute, {
      token: bob.token,
      params: { id: String(bob.user.id) },
      body: { enable: true, writeAccessAllowed: true },
    });
    expect(allowed.body).toMatchObject({ notification: true, botMayWrite: true });
    const third = await pay(alice, bob.wallets.RUB);
    expect(await row(third.id)).toMatchObject({ channel: "telegram", address: bob.chat });
  });

  it("without an e-mail address a user the bot may not write to is told nothing, and the switch alone does not change that", async () => {
    const { alice, bob } = await people();
    await getDb().user.update({ where: { id: bob.user.id }, data: { botMayWrite: false, email: null } });
    const on = await call(notificationsRoute, { token: bob.token, params: { id: String(bob.user.id) }, body: { enable: true } });
    expect(on.body).toMatchObject({ notification: true, botMayWrite: false });
    const transfer = await pay(alice, bob.wallets.RUB);
    expect(await getDb().notification.findUnique({ where: { transferId: transfer.id } })).toBeNull();
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
    expect((await row(transfer.id)).status).toBe("sent");
  });

  it("passes running at once never send one message twice", async () => {
    const alice = await createFundedUser({ RUB: 1_000_000 });
    const receivers = [];
    for (let i = 0; i < 6; i += 1) receivers.push(await telegramUser());
    await getDb().notification.deleteMany();
    for (const [i, receiver] of receivers.entries()) await pay(alice, receiver.wallets.RUB, 1_000 + i);
    const handled = await Promise.all([deliverDue(), deliverDue(), deliverDue()]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(6);
    expect(sent().map((c) => c.params.chat_id).sort()).toEqual(receivers.map((r) => r.chat).sort());
  });

  it("a transfer never waits for, or fails with, the Bot API", async () => {
    const { alice, bob } = await people();
    await fake.close();
    const transfer = await pay(alice, bob.wallets.RUB);
    expect((await row(transfer.id)).status).toBe("pending");
    fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!);
  });
});

describe("bursts to one recipient", () => {
  it("a schedule's notices (no transfer) folded with credits keep their own words", async () => {
    const { alice, bob, chat } = await people();
    for (let i = 0; i < 3; i += 1) await pay(alice, bob.wallets.RUB, 100_000);
    const notices = ["Запланированный перевод выполнен: 1,00 ₽ для Веры", "Завтра запланирован перевод 2,00 ₽ для Веры"];
    await getDb().notification.createMany({
      data: notices.map((text) => ({ transferId: null, userId: bob.user.id, channel: "telegram", address: chat, text })),
    });
    expect(await deliverDue()).toBe(1);
    // (textOf reads the message with its whitespace collapsed: the lines are joined by line breaks.)
    expect(sent().map(textOf)).toEqual([["Вам пришло 3 перевода на 3 000,00 ₽", ...notices].join(" ")]);
  });

  it("more than 3 waiting go out as one message with their count and sum, and are all sent together", async () => {
    const { alice, bob } = await people();
    expect((await call(topUpRoute, { token: alice.token, body: { currency: "RUB", amount: 1_000_000 } })).status).toBe(201);
    await getDb().notification.deleteMany();
    const ids = [];
    for (let i = 0; i < 12; i += 1) ids.push((await pay(alice, bob.wallets.RUB, 127_500)).id);
    expect(await deliverDue()).toBe(1);
    expect(sent().map(textOf)).toEqual(["Вам пришло 12 переводов на 15 300,00 ₽"]);
    const rows = await getDb().notification.findMany({ where: { transferId: { in: ids } } });
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill("sent"));
    expect(new Set(rows.map((r) => r.sentAt?.getTime())).size).toBe(1);
  });

  it("sums each currency apart, and names transfers and top-ups together as поступления", async () => {
    const { alice, bob } = await people();
    for (let i = 0; i < 3; i += 1) await pay(alice, bob.wallets.RUB, 150_000);
    for (let i = 0; i < 2; i += 1) {
      expect((await call(topUpRoute, { token: bob.token, body: { currency: "USD", amount: 2_500 } })).status).toBe(201);
    }
    await deliverDue();
    expect(sent().map(textOf)).toEqual(["Вам пришло 5 поступлений на 4 500,00 ₽ и 50,00 $"]);
  });

  it("up to 3 go one by one, at most one a second to a recipient; nobody is told more often than money arrived", async () => {
    const { alice, bob } = await people();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await pay(alice, bob.wallets.RUB, 10_000 * (i + 1))).id);
    const now = Date.now();
    expect(await deliverDue(new Date(now))).toBe(1);
    // Told less than a second ago: the next one waits.
    expect(await deliverDue(new Date(now + 500))).toBe(0);
    expect(await deliverDue(new Date(now + 1500))).toBe(1);
    expect(await deliverDue(new Date(now + 3000))).toBe(1);
    expect(await deliverDue(new Date(now + 4500))).toBe(0);
    expect(sent().map(textOf)).toEqual([
      `Вам перевели 100,00 ₽ от @${alice.user.username} (Telegram)`,
      `Вам перевели 200,00 ₽ от @${alice.user.username} (Telegram)`,
      `Вам перевели 300,00 ₽ от @${alice.user.username} (Telegram)`,
    ]);
  });
});

describe("long folds", () => {
  /** Bob with 3 credits and `count` reminders waiting (about 60 characters each): far past 4,096 together. */
  async function backlog(count: number) {
    const { alice, bob, chat } = await people();
    for (let i = 0; i < 3; i += 1) await pay(alice, bob.wallets.RUB, 100_000);
    const notices = Array.from({ length: count }, (_, i) => `Напоминание: ваша доля ${i + 1},00 ₽ в счёте ещё не оплачена`);
    await getDb().notification.createMany({
      data: notices.map((text) => ({ transferId: null, userId: bob.user.id, channel: "telegram", address: chat, text })),
    });
    return { bob, notices };
  }

  /** Delivers, a second and a half apart, until nothing is left (at most `passes` times). */
  async function drain(passes: number) {
    let now = Date.now();
    for (let pass = 0; pass < passes && (await count("telegram", "pending")) > 0; pass += 1) {
      await deliverDue(new Date(now));
      now += 1_500;
    }
  }

  it("a fold never exceeds Telegram's 4,096 characters: what does not fit goes in the next message, and nothing is lost", async () => {
    const { bob, notices } = await backlog(300);
    await drain(20);
    const messages = sent();
    expect(messages.every((c) => c.status === 200)).toBe(true);
    expect(messages.length).toBeGreaterThan(1);
    for (const c of messages) expect(String(c.params.text).length).toBeLessThanOrEqual(4096);
    // The credits' line once, then every reminder exactly once, in order.
    const lines = messages.flatMap((c) => String(c.params.text).split("\n"));
    expect(lines.map((l) => l.replace(/\s/g, " "))).toEqual(["Вам пришло 3 перевода на 3 000,00 ₽", ...notices]);
    const rows = await getDb().notification.findMany({ where: { userId: bob.user.id } });
    expect(rows.map((r) => r.status)).toEqual(Array(303).fill("sent"));
  });

  it("a Telegram that counts longer than the server: \"message is too long\" makes the message shorter at once, never a loss", async () => {
    fake.limitText(1_000);
    const { bob, notices } = await backlog(60);
    await drain(20);
    const accepted = sent().filter((c) => c.status === 200);
    expect(sent().some((c) => c.status === 400)).toBe(true);
    for (const c of accepted) expect(String(c.params.text).length).toBeLessThanOrEqual(1_000);
    const lines = accepted.flatMap((c) => String(c.params.text).split("\n"));
    expect(lines.slice(1)).toEqual(notices);
    const rows = await getDb().notification.findMany({ where: { userId: bob.user.id } });
    expect(rows.map((r) => [r.status, r.lastError])).toEqual(Array(63).fill(["sent", null]));
  });
  it("a Telegram that refuses even 256 characters: the message waits for a later try, logged, and goes out once it fits", async () => {
    fake.limitText(40);
    const { bob, notices } = await backlog(3);
    await deliverDue(new Date());
    // Halved down to 256 characters and still too long: nothing reached the chat, nothing is given up.
    expect(sent().length).toBeGreaterThan(1);
    expect(sent().every((c) => c.status === 400)).toBe(true);
    const waiting = await getDb().notification.findMany({ where: { userId: bob.user.id } });
    expect(waiting.map((r) => r.status)).toEqual(Array(6).fill("pending"));
    expect(waiting.every((r) => r.lastError !== null)).toBe(true);
    fake.limitText(4096);
    await drain(20);
    const lines = sent().filter((c) => c.status === 200).flatMap((c) => String(c.params.text).split("\n"));
    expect(lines.slice(1)).toEqual(notices);
    const rows = await getDb().notification.findMany({ where: { userId: bob.user.id } });
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill("sent"));
  });
});

describe("recording what was sent", () => {
  it("messages sent together are marked sent together: one statement for all their rows", async () => {
    const bob = await telegramUser();
    const chats = Array.from({ length: 8 }, (_, i) => String(990_000 + bob.user.id * 10 + i));
    await queue("telegram", chats, bob.user.id);
    // Every message goes out, so every update of the outbox's rows in this pass marks some sent.
    const store = await sqlOf();
    const statements = jest.spyOn(store, "$executeRaw");
    // The Bot API answers the eight together (on a loaded machine, answers spread over more than
    // SENT_BATCH_MS would be marked in two statements, as they should).
    fake.hold();
    try {
      const delivered = deliverDue();
      await until("the eight messages held", () => fake.holding() === 8);
      fake.release();
      expect(await delivered).toBe(8);
      const updates = statements.mock.calls.filter(([query]) => String(Array.isArray(query) ? query[0] : "").startsWith('UPDATE "Notification"'));
      expect(updates).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
    expect(await count("telegram", "sent")).toBe(8);
  });
});

describe("slowing down", () => {
  it("a 429 never uses up attempts: a message on its last try outlives any number of them", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    await getDb().notification.update({ where: { transferId: transfer.id }, data: { attempts: MAX_ATTEMPTS - 1 } });
    fake.fail("sendMessage", "429", "429", "429");
    let now = new Date();
    for (let i = 0; i < 3; i += 1) {
      expect(await deliverDue(now)).toBe(1);
      const waiting = await row(transfer.id);
      expect(waiting).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1 });
      now = waiting.nextAttemptAt;
    }
    expect(await deliverDue(now)).toBe(1);
    expect(await row(transfer.id)).toMatchObject({ status: "sent", attempts: MAX_ATTEMPTS });
    expect(sent()).toHaveLength(4);
  });

  it("while a real failure on the last try gives the message up", async () => {
    const { alice, bob } = await people();
    const transfer = await pay(alice, bob.wallets.RUB);
    await getDb().notification.update({ where: { transferId: transfer.id }, data: { attempts: MAX_ATTEMPTS - 1 } });
    fake.fail("sendMessage", "500");
    await deliverDue();
    expect(await row(transfer.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("the worker holds the channel for a 429's retry_after, then sends what it held", async () => {
    const { bob } = await people();
    const other = await telegramUser();
    await queue("telegram", [bob.chat, other.chat], bob.user.id);
    fake.fail("sendMessage", "429");
    startNotificationWorker();
    await until("the 429", () => sent().some((c) => c.status === 429));
    // A message queued after the 429, to a chat nobody has written to: it waits out the 429 too.
    await queue("telegram", ["994000"], bob.user.id);
    await until("all three messages sent", async () => (await count("telegram", "sent")) === 3);
    const refused = sent().find((c) => c.status === 429)!;
    const after = (chatId: unknown) => sent().filter((c) => c.params.chat_id === chatId && c.at > refused.at);
    expect(after(refused.params.chat_id)).toHaveLength(1);
    expect(after(refused.params.chat_id)[0].at - refused.at).toBeGreaterThanOrEqual(1000);
    expect(after("994000")).toHaveLength(1);
    expect(after("994000")[0].at - refused.at).toBeGreaterThanOrEqual(1000);
    expect((await getDb().notification.findMany({ select: { attempts: true } })).map((r) => r.attempts)).toEqual([1, 1, 1]);
  }, 30_000);

  it("an SMTP server's 4xx (try later) is not counted as a try either", async () => {
    const smtp = await startSmtp({ defer: true });
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: "Minibank <no-reply@minibank.test>" });
    resetEnvForTests();
    try {
      const carol = await createFundedUser();
      await queue("email", [carol.user.email!], carol.user.id);
      await getDb().notification.updateMany({ data: { attempts: MAX_ATTEMPTS - 1 } });
      expect(await deliverDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(await getDb().notification.findFirstOrThrow()).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1 });
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.SMTP_FROM;
      resetEnvForTests();
      await smtp.close();
    }
  });
  it("a server that cannot be reached (SMTP or the Bot API) is not a try: the channel waits instead", async () => {
    const closed = await freePort();
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${closed}`, SMTP_FROM: "Minibank <no-reply@minibank.test>" });
    process.env.TELEGRAM_API_URL = `http://127.0.0.1:${closed}`;
    resetEnvForTests();
    try {
      const carol = await createFundedUser();
      await queue("email", [carol.user.email!], carol.user.id);
      await queue("telegram", ["990777"], carol.user.id);
      await getDb().notification.updateMany({ data: { attempts: MAX_ATTEMPTS - 1 } });
      const at = new Date();
      expect(await deliverDue(at)).toBe(2);
      for (const row of await getDb().notification.findMany()) {
        expect(row).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1 });
        expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(at.getTime() + UNREACHABLE_MS);
      }
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.SMTP_FROM;
      process.env.TELEGRAM_API_URL = fake.url;
      resetEnvForTests();
    }
  });
});

describe("Telegram's limits", () => {
  it("the worker keeps to 30 a second for the bot and one a second per chat: no 429, everyone told", async () => {
    await useFake(TELEGRAM_LIMITS);
    const bob = await telegramUser();
    const chats = Array.from({ length: 65 }, (_, i) => String(990_000 + i));
    await queue("telegram", chats, bob.user.id);
    // Three for one chat: each goes alone (not past the folding threshold), a second apart.
    await queue("telegram", [bob.chat, bob.chat, bob.chat], bob.user.id);
    startNotificationWorker();
    await until("all 68 messages sent", async () => (await count("telegram", "sent")) === 68);
    expect(fake.limited()).toEqual([]);
    expect(sent()).toHaveLength(68);
    expect(sent().filter((c) => c.params.chat_id === bob.chat)).toHaveLength(3);
    expect(await getDb().notification.count({ where: { attempts: 1 } })).toBe(68);
  }, 60_000);

  it("a newcomer is not queued behind a burst's recipients: the least recently told go first", async () => {
    const bob = await telegramUser();
    const chats = Array.from({ length: 40 }, (_, i) => String(993_000 + i));
    await queue("telegram", chats, bob.user.id);
    await queue("telegram", chats, bob.user.id);
    const now = Date.now();
    expect(await deliverDue(new Date(now), ["telegram"])).toBe(TELEGRAM_PER_SECOND);
    await queue("telegram", ["993999"], bob.user.id);
    expect(await deliverDue(new Date(now + 1500), ["telegram"])).toBe(TELEGRAM_PER_SECOND);
    const second = sent().slice(TELEGRAM_PER_SECOND).map((c) => c.params.chat_id);
    // Never told yet: the ten the first second had no room for, and the newcomer.
    expect(second).toEqual(expect.arrayContaining([...chats.slice(TELEGRAM_PER_SECOND), "993999"]));
  });

  it("the bot's budget is shared: claimers at once take 30 Telegram messages between them", async () => {
    const bob = await telegramUser();
    await queue("telegram", Array.from({ length: 80 }, (_, i) => String(991_000 + i)), bob.user.id);
    const now = new Date();
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimDue("telegram", now, 30)));
    const ids = claims.flatMap((c) => c.messages.flatMap((m) => m.rows.map((r) => r.id)));
    expect(ids).toHaveLength(TELEGRAM_PER_SECOND);
    expect(new Set(ids).size).toBe(TELEGRAM_PER_SECOND);
  });
});

describe("stopping the server", () => {
  it("the shutdown hooks let a message under way finish and be recorded as sent", async () => {
    const smtp: Mailbox = await startSmtp();
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: "Minibank <no-reply@minibank.test>" });
    resetEnvForTests();
    try {
      const carol = await createFundedUser();
      smtp.hold();
      await queue("email", [carol.user.email!], carol.user.id);
      startNotificationWorker();
      onShutdown(stopNotificationWorker);
      await until("the message to reach the SMTP server", () => smtp.received.length === 1);
      // What `npm start` does on SIGTERM (scripts/serve.ts); the server answers meanwhile.
      const stopping = runShutdownHooks(10_000);
      setTimeout(() => smtp.release(), 300);
      await stopping;
      expect(await count("email", "sent")).toBe(1);
    } finally {
      smtp.release();
      delete process.env.SMTP_URL;
      delete process.env.SMTP_FROM;
      resetEnvForTests();
      await smtp.close();
    }
  });
});

describe("channels apart", () => {
  it("an e-mail backlog never holds up a Telegram notice", async () => {
    const smtp: Mailbox = await startSmtp();
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: "Minibank <no-reply@minibank.test>" });
    resetEnvForTests();
    try {
      const { alice, bob, chat } = await people();
      smtp.hold();
      await queue("email", Array.from({ length: 300 }, (_, i) => `backlog${i}@example.test`), bob.user.id);
      startNotificationWorker();
      await until("the SMTP server to take the first mails", () => smtp.received.length > 0);
      await pay(alice, bob.wallets.RUB);
      await until("the Telegram notice", () => sent().some((c) => c.params.chat_id === chat));
      // Told while every e-mail under way was still held by the SMTP server.
      expect(await getDb().notification.count({ where: { channel: "email", lastTriedAt: { not: null } } })).toBe(0);
      expect(await count("email", "sent")).toBe(0);
      expect(await count("email", "pending")).toBeGreaterThan(200);
      smtp.release();
      await until("the e-mail backlog to drain", async () => (await count("email", "sent")) === 300);
    } finally {
      smtp.release();
      await stopNotificationWorker();
      delete process.env.SMTP_URL;
      delete process.env.SMTP_FROM;
      resetEnvForTests();
      await smtp.close();
    }
  }, 60_000);

  it("a Telegram backlog never holds up an e-mail notice", async () => {
    const bob = await telegramUser();
    fake.hold();
    await queue("telegram", Array.from({ length: 200 }, (_, i) => String(992_000 + i)), bob.user.id);
    startNotificationWorker();
    await until("Telegram messages under way", async () => (await count("telegram", "sending")) > 0);
    const carol = await createFundedUser({ USD: 2_500 });
    await until("the e-mail notice", async () => (await getDb().outboxEmail.count({ where: { to: carol.user.email! } })) === 1);
    // Told while every Telegram message under way was still held by the Bot API.
    expect(await getDb().notification.count({ where: { channel: "telegram", lastTriedAt: { not: null } } })).toBe(0);
    expect(await count("telegram", "sent")).toBe(0);
    fake.release();
    await stopNotificationWorker();
  }, 60_000);
});

describe("several instances on one database", () => {
  it("claimers side by side never take the same row", async () => {
    const bob = await telegramUser();
    await queue("email", Array.from({ length: 120 }, (_, i) => `side${i}@example.test`), bob.user.id);
    const now = new Date();
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimDue("email", now, 40)));
    const ids = claims.flatMap((c) => c.messages.flatMap((m) => m.rows.map((r) => r.id)));
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
  });

});
