import { POST as requestCode } from "@/app/api/v1/auth/email/request-code/route";
import { POST as verifyCode } from "@/app/api/v1/auth/email/verify-code/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call } from "@/tests/support/api";
import { codeIn, startSmtp } from "@/tests/support/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;

afterEach(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  delete process.env.SMTP_URL;
  delete process.env.SMTP_FROM;
  resetEnvForTests();
});

function useSmtp(port: number) {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.SMTP_FROM = "Minibank <no-reply@minibank.test>";
  resetEnvForTests();
}

describe("e-mail over SMTP", () => {
  it("delivers the code over SMTP (not to the outbox) and the code signs in", async () => {
    smtp = await startSmtp();
    useSmtp(smtp.port);
    const email = `smtp${Date.now()}@example.com`;
    const res = await call(requestCode, { body: { email } });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([email]);
    expect(smtp.received[0].from).toBe("no-reply@minibank.test");
    expect(smtp.received[0].raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(await getDb().outboxEmail.count({ where: { to: email } })).toBe(0);
    const tokens = await call(verifyCode, { body: { email, code: await codeIn(smtp.received[0].raw) } });
    expect(tokens.status).toBe(200);
    expect(tokens.body.access_token).toEqual(expect.any(String));
  });

  it("mail goes to the canonical address only; address lists and display names are refused, nothing sent", async () => {
    smtp = await startSmtp();
    useSmtp(smtp.port);
    const victim = `victim${Date.now()}@ex.test`;
    for (const email of [`${victim},x`, `x<${victim}>`, "<attacker@evil.test>", `${victim}\u0000`, `${victim};a@b.test`]) {
      const res = await call(requestCode, { body: { email } });
      expect({ email, status: res.status }).toEqual({ email, status: 400 });
    }
    expect(smtp.received).toHaveLength(0);
    expect(await getDb().user.count({ where: { email: { contains: "victim" } } })).toBe(0);

    const res = await call(requestCode, { body: { email: `  ${victim.toUpperCase()}` } });
    expect(res.status).toBe(200);
    expect(smtp.received.map((m) => m.to)).toEqual([[victim]]);
    expect(smtp.received[0].raw).toMatch(new RegExp(`^To: ${victim.replace(/\./g, "\\.")}\r?$`, "m"));
  });

  it("a refused message is 502 MAIL_FAILED and its code is not left valid", async () => {
    smtp = await startSmtp({ reject: true });
    useSmtp(smtp.port);
    const email = `refused${Date.now()}@example.com`;
    const res = await call(requestCode, { body: { email } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: "Не удалось отправить письмо", code: "MAIL_FAILED" });
    // The server saw the message before refusing it, so the test knows the code that was withdrawn.
    const code = await codeIn(smtp.received[0].raw);
    expect(await getDb().emailCode.count({ where: { email } })).toBe(0);
    expect((await call(verifyCode, { body: { email, code } })).status).toBe(401);
  });

  it("an unreachable server is 502 MAIL_FAILED", async () => {
    const gone = await startSmtp();
    // The live one (for afterEach to close) starts before the other closes: started after, it
    // could be given the port just freed, and the "unreachable" server would answer.
    smtp = await startSmtp();
    await new Promise<void>((resolve) => gone.server.close(() => resolve()));
    useSmtp(gone.port);
    const res = await call(requestCode, { body: { email: `down${Date.now()}@example.com` } });
    expect(res).toMatchObject({ status: 502, body: { code: "MAIL_FAILED" } });
  });
});
