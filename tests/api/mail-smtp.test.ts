import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { POST as requestCode } from "@/app/api/v1/auth/email/request-code/route";
import { POST as verifyCode } from "@/app/api/v1/auth/email/verify-code/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/env";
import { call } from "@/tests/support/api";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1: plain text, no TLS, no auth; `reject` makes it refuse mail. */
function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback(options.reject ? Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }) : null);
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: Received[] }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- smtp-server's typings omit `server`
      const port = ((server as any).server.address() as AddressInfo).port;
      resolve({ server, port, received });
    });
  });
}

/** The text body of a raw single-part MIME message, decoded (nodemailer picks QP or base64). */
function textOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The code in the Russian sentence of the message. */
function codeIn(raw: string): string {
  const code = /Ваш код для входа в Minibank: (\d{6})/.exec(textOf(raw))?.[1];
  if (!code) throw new Error(`no code in message:\n${raw}`);
  return code;
}

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
    const tokens = await call(verifyCode, { body: { email, code: codeIn(smtp.received[0].raw) } });
    expect(tokens.status).toBe(200);
    expect(tokens.body.access_token).toEqual(expect.any(String));
  });

  it("a refused message is 502 MAIL_FAILED and its code is not left valid", async () => {
    smtp = await startSmtp({ reject: true });
    useSmtp(smtp.port);
    const email = `refused${Date.now()}@example.com`;
    const res = await call(requestCode, { body: { email } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: "Не удалось отправить письмо", code: "MAIL_FAILED" });
    // The server saw the message before refusing it, so the test knows the code that was withdrawn.
    const code = codeIn(smtp.received[0].raw);
    expect(await getDb().emailCode.count({ where: { email } })).toBe(0);
    expect((await call(verifyCode, { body: { email, code } })).status).toBe(401);
  });

  it("an unreachable server is 502 MAIL_FAILED", async () => {
    smtp = await startSmtp();
    const port = smtp.port;
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    smtp = await startSmtp(); // a live one for afterEach to close
    useSmtp(port);
    const res = await call(requestCode, { body: { email: `down${Date.now()}@example.com` } });
    expect(res).toMatchObject({ status: 502, body: { code: "MAIL_FAILED" } });
  });
});
