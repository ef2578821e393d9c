import { CLIENT_IP_HEADER } from "@/lib/server/client-ip";
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

const request = (email: string, ip = "10.0.0.1") =>
  call(requestCode, { body: { email }, headers: { [CLIENT_IP_HEADER]: ip } });
const verify = (email: string, code: string) => call(verifyCode, { body: { email, code } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

afterEach(() => {
  delete process.env.AUTH_CODE_LIMIT_PER_EMAIL;
  delete process.env.AUTH_CODE_LIMIT_PER_IP;
});

describe("e-mail code sign-in", () => {
  it("mails a Russian code that signs in, creates the user once and works on /users/me", async () => {
    const email = freshEmail();
    const res = await request(email);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await getDb().outboxEmail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Код для входа в Minibank");
    expect(mail.text).toContain("Ваш код для входа в Minibank");

    const tokens = await verify(email, await latestCode(email));
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const me = await call(getMe, { token: tokens.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, username: expect.stringMatching(/^person\d+_\d+/) });

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

  it("derives a unique username from the local part", async () => {
    const stamp = Date.now();
    await getDb().user.create({ data: { username: `twin${stamp}`, email: `other${stamp}@example.org` } });
    const email = `twin${stamp}@example.com`;
    await request(email);
    const tokens = await verify(email, await latestCode(email));
    const me = await call(getMe, { token: tokens.body.access_token });
    expect(me.body.username).toBe(`twin${stamp}2`);
  });

  it("answers 400 with the Russian message for a bad address", async () => {
    const res = await call(requestCode, { body: { email: "not an email" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Введите корректный email", code: "VALIDATION_ERROR" });
  });

  it("a new request replaces the old code", async () => {
    const email = freshEmail();
    await request(email);
    const first = await latestCode(email);
    await request(email);
    const second = await latestCode(email);
    expect(await getDb().emailCode.count({ where: { email } })).toBe(1);
    if (first !== second) {
      expect((await verify(email, first)).body.code).toBe("INVALID_CODE");
    }
    expect((await verify(email, second)).status).toBe(200);
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

  it("rate-limits requests per e-mail with 429", async () => {
    process.env.AUTH_CODE_LIMIT_PER_EMAIL = "2";
    const email = freshEmail();
    expect((await request(email, "10.1.0.1")).status).toBe(200);
    expect((await request(email, "10.1.0.2")).status).toBe(200);
    const limited = await request(email, "10.1.0.3");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: "Слишком много запросов. Попробуйте позже",
      code: "RATE_LIMITED",
    });
    expect(await getDb().outboxEmail.count({ where: { to: email } })).toBe(2);
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
