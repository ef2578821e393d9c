import { CLIENT_IP_HEADER } from "@/lib/server/http/client-ip";
import { POST as requestCode } from "@/app/api/v1/auth/email/request-code/route";
import { POST as verifyCode } from "@/app/api/v1/auth/email/verify-code/route";
import { GET as getMe } from "@/app/api/v1/users/me/route";
import { getDb } from "@/lib/server/db";
import { call } from "@/tests/support/api";

let n = 0;
/** A unique address per test, so per-e-mail limits never leak between tests. */
const freshEmail = () => `person${++n}.${Date.now()}@example.com`;

async function latestCode(email: string): Promise<string> {
  const mail = await getDb().outboxEmail.findFirst({ where: { to: email }, orderBy: { id: "desc" } });
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

let ipSeq = 0;
/** A fresh client address per call unless one is given, so per-address limits stay out of the way. */
const someIp = () => `10.200.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const request = (email: string, ip = "10.0.0.1") =>
  call(requestCode, { body: { email }, headers: { [CLIENT_IP_HEADER]: ip } });
/** The spec's payload, `{email, code}`. */
const verify = (email: string, code: string, ip = someIp()) =>
  call(verifyCode, { body: { email, code }, headers: { [CLIENT_IP_HEADER]: ip } });
/** With the challenge id request-code answered. */
const verifyWith = (challengeId: string, email: string, code: string, ip = someIp()) =>
  call(verifyCode, { body: { email, code, challengeId }, headers: { [CLIENT_IP_HEADER]: ip } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

afterEach(() => {
  delete process.env.AUTH_CODE_LIMIT_PER_EMAIL;
  delete process.env.AUTH_CODE_LIMIT_PER_EMAIL_TOTAL;
  delete process.env.AUTH_CODE_LIMIT_PER_IP;
  delete process.env.AUTH_VERIFY_LIMIT_PER_IP;
});

describe("e-mail code sign-in", () => {
  it("mails a Russian code that signs in, creates the user once and works on /users/me", async () => {
    const email = freshEmail();
    const res = await request(email);
    expect(res).toMatchObject({ status: 200, body: { ok: true, challengeId: expect.stringMatching(/^[\w-]{22}$/) } });
    const mail = await getDb().outboxEmail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Код для входа в Minibank");
    expect(mail.text).toContain("Ваш код для входа в Minibank");

    const tokens = await verify(email, await latestCode(email));
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const me = await call(getMe, { token: tokens.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, username: expect.stringMatching(/^e\.[a-z2-9]{8}$/) });

    await request(email);
    const again = await verify(email, await latestCode(email));
    const meAgain = await call(getMe, { token: again.body.access_token });
    expect(meAgain.body.id).toBe(me.body.id);
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });

  it("normalises the address and stores only a hash of the code", async () => {
    const email = freshEmail();
    await request(`  ${email.toUpperCase()} `);
    const code = await latestCode(email);
    const row = await getDb().emailCode.findUniqueOrThrow({ where: { email } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect((await verify(email.toUpperCase(), code)).status).toBe(200);
  });

  it("gives an e-mail user a random handle no Telegram user could own (e.<8 random>), saying nothing of the address", async () => {
    const stamp = Date.now();
    const signIn = async (email: string) => {
      await request(email);
      const tokens = await verify(email, await latestCode(email));
      return (await call(getMe, { token: tokens.body.access_token })).body;
    };
    const handles: string[] = [];
    for (const email of [`alice.1f3b92f9.${stamp}@example.test`, `support@example${stamp}.com`, `victim_x${stamp}@example.com`]) {
      const { username } = await signIn(email);
      expect(username).toMatch(/^e\.[a-z2-9]{8}\d*$/);
      // Nothing of the local part or the domain is in it.
      for (const part of email.split(/[@._]/).filter((p) => p.length >= 3)) expect(username).not.toContain(part);
      handles.push(username);
    }
    expect(new Set(handles).size).toBe(3);
  });

  it("answers 400 with the Russian message for a bad address", async () => {
    const res = await call(requestCode, { body: { email: "not an email" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Введите корректный email", code: "VALIDATION_ERROR" });
  });

  it("a new request within the code's lifetime re-sends the same code, with a challenge of its own", async () => {
    const email = freshEmail();
    const first = await request(email, "10.4.0.1");
    const firstCode = await latestCode(email);
    const second = await request(email, "10.4.0.2");
    expect(await latestCode(email)).toBe(firstCode);
    expect(second.body.challengeId).not.toBe(first.body.challengeId);
    expect(await getDb().emailCode.count({ where: { email } })).toBe(1);
    // The first requester's challenge still works: nobody else's request replaced their code.
    expect((await verifyWith(first.body.challengeId, email, firstCode)).status).toBe(200);
    // Single use: the code, and every challenge on it, are gone.
    expect((await verifyWith(second.body.challengeId, email, firstCode)).status).toBe(401);
  });

  it("after the code expires, a request makes a new one", async () => {
    const email = freshEmail();
    await request(email);
    const first = await latestCode(email);
    await getDb().emailCode.update({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await request(email);
    const second = await latestCode(email);
    expect(await getDb().emailCode.count({ where: { email } })).toBe(1);
    if (first !== second) expect((await verify(email, first)).body.code).toBe("INVALID_CODE");
    expect((await verify(email, second)).status).toBe(200);
  });

  it("tries count per challenge: a stranger's wrong guesses do not use up the owner's", async () => {
    const email = freshEmail();
    const owner = await request(email, "10.5.0.1");
    const code = await latestCode(email);
    // Someone else asks for the same address's code from elsewhere, and guesses with it.
    const stranger = await request(email, "10.5.0.9");
    for (let i = 0; i < 6; i += 1) {
      const res = await verifyWith(stranger.body.challengeId, email, wrong(code), "10.5.0.9");
      expect(res.status).toBe(401);
    }
    // Their challenge is spent, even for the right code; the owner's is untouched.
    expect((await verifyWith(stranger.body.challengeId, email, code, "10.5.0.9")).status).toBe(401);
    expect((await verifyWith(owner.body.challengeId, email, code, "10.5.0.1")).status).toBe(200);
  });

  it("the lock-out of the review does not work: five requests plus five wrong tries each leave the owner able to sign in", async () => {
    const email = freshEmail();
    const attacker = "10.6.0.66";
    let refused = 0;
    for (let round = 0; round < 5; round += 1) {
      const res = await request(email, attacker);
      if (res.status === 429) refused += 1;
      if (res.status !== 200) continue;
      for (let i = 0; i < 5; i += 1) {
        const guess = await verifyWith(res.body.challengeId, email, "000000", attacker);
        expect([401, 429]).toContain(guess.status);
      }
    }
    expect(refused).toBe(0);
    const own = await request(email, "10.6.0.1");
    expect(own.status).toBe(200);
    expect((await verifyWith(own.body.challengeId, email, await latestCode(email), "10.6.0.1")).status).toBe(200);
  });

  it("wrong guesses are capped at 10 an hour per requester, across code rotations", async () => {
    const email = freshEmail();
    const guesser = "10.7.0.1";
    let code = "";
    for (let rotation = 0; rotation < 2; rotation += 1) {
      await request(email, guesser);
      code = await latestCode(email);
      for (let i = 0; i < 5; i += 1) expect((await verify(email, wrong(code), guesser)).status).toBe(401);
      // A new code (the old one expired) resets the code's own count, not the requester's.
      await getDb().emailCode.update({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    }
    const third = await request(email, guesser);
    code = await latestCode(email);
    const capped = await verifyWith(third.body.challengeId, email, code, guesser);
    expect(capped).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(await getDb().user.count({ where: { email } })).toBe(0);
    // Another requester of the same address is not affected.
    const owner = await request(email, "10.7.0.2");
    expect((await verifyWith(owner.body.challengeId, email, code, "10.7.0.2")).status).toBe(200);
  });

  it("limits code checks per client address, whatever the e-mail", async () => {
    process.env.AUTH_VERIFY_LIMIT_PER_IP = "3";
    for (let i = 0; i < 3; i += 1) expect((await verify(freshEmail(), "123456", "10.8.0.1")).status).toBe(401);
    expect((await verify(freshEmail(), "123456", "10.8.0.1")).status).toBe(429);
    expect((await verify(freshEmail(), "123456", "10.8.0.2")).status).toBe(401);
  });

  it("a code works only once", async () => {
    const email = freshEmail();
    await request(email);
    const code = await latestCode(email);
    expect((await verify(email, code)).status).toBe(200);
    const reuse = await verify(email, code);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: "Неверный или просроченный код", code: "INVALID_CODE" });
  });

  it("after 5 wrong tries even the right code fails", async () => {
    const email = freshEmail();
    await request(email);
    const code = await latestCode(email);
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(email, wrong(code));
      expect(res).toMatchObject({ status: 401, body: { code: "INVALID_CODE" } });
    }
    expect((await verify(email, code)).status).toBe(401);
    expect(await getDb().user.count({ where: { email } })).toBe(0);
  });

  it("4 wrong tries still leave the right code valid", async () => {
    const email = freshEmail();
    await request(email);
    const code = await latestCode(email);
    for (let i = 0; i < 4; i += 1) await verify(email, wrong(code));
    expect((await verify(email, code)).status).toBe(200);
  });

  it("concurrent guesses cannot exceed 5 comparisons", async () => {
    const email = freshEmail();
    await request(email);
    const code = await latestCode(email);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      verify(email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0")),
    );
    await Promise.all(guesses);
    expect((await getDb().emailCode.findUniqueOrThrow({ where: { email } })).attempts).toBe(5);
    expect((await verify(email, code)).status).toBe(401);
  });

  it("an expired code is refused", async () => {
    const email = freshEmail();
    await request(email);
    const code = await latestCode(email);
    await getDb().emailCode.update({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify(email, code)).body.code).toBe("INVALID_CODE");
  });

  it("a code for another address does not work", async () => {
    const a = freshEmail();
    const b = freshEmail();
    await request(a);
    await request(b);
    expect((await verify(b, await latestCode(a))).status).toBe(401);
  });

  it("rate-limits requests per (e-mail, address), under a higher ceiling per e-mail", async () => {
    process.env.AUTH_CODE_LIMIT_PER_EMAIL = "2";
    process.env.AUTH_CODE_LIMIT_PER_EMAIL_TOTAL = "4";
    const email = freshEmail();
    expect((await request(email, "10.1.0.1")).status).toBe(200);
    expect((await request(email, "10.1.0.1")).status).toBe(200);
    expect((await request(email, "10.1.0.1")).status).toBe(429);
    // Another address may still ask for the same e-mail, up to the ceiling.
    expect((await request(email, "10.1.0.2")).status).toBe(200);
    expect((await request(email, "10.1.0.2")).status).toBe(200);
    const limited = await request(email, "10.1.0.3");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: "Слишком много запросов. Попробуйте позже",
      code: "RATE_LIMITED",
    });
    expect(await getDb().outboxEmail.count({ where: { to: email } })).toBe(4);
    expect((await request(freshEmail(), "10.1.0.3")).status).toBe(200);
  });

  it("rate-limits requests per client IP with 429", async () => {
    process.env.AUTH_CODE_LIMIT_PER_IP = "3";
    for (let i = 0; i < 3; i += 1) expect((await request(freshEmail(), "10.2.0.1")).status).toBe(200);
    expect((await request(freshEmail(), "10.2.0.1")).status).toBe(429);
    expect((await request(freshEmail(), "10.2.0.2")).status).toBe(200);
  });

  it("forgets hits older than the window", async () => {
    process.env.AUTH_CODE_LIMIT_PER_IP = "1";
    expect((await request(freshEmail(), "10.3.0.1")).status).toBe(200);
    expect((await request(freshEmail(), "10.3.0.1")).status).toBe(429);
    await getDb().rateLimitHit.updateMany({
      where: { key: "code:ip:10.3.0.1" },
      data: { createdAt: new Date(Date.now() - 11 * 60 * 1000) },
    });
    expect((await request(freshEmail(), "10.3.0.1")).status).toBe(200);
  });
});
