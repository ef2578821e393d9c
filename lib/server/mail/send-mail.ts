import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { logger } from "@/lib/server/platform/log";
import { processState } from "@/lib/server/platform/process-state";
import { insertOutboxEmail } from "@/lib/server/mail/store";

export type Mail = { to: string; subject: string; text: string };

/**
 * MAIL_FAILED because the SMTP server answered 4xx: it took nothing and asks to be tried later
 * (too many connections or messages, greylisting, a full queue) — a "slow down", not a failure.
 */
export class MailDeferredError extends AppError {
  constructor() {
    super("MAIL_FAILED");
    this.name = "MailDeferredError";
  }
}

/**
 * MAIL_FAILED because the SMTP server could not be reached (refused, timed out, no such host):
 * nothing is wrong with the message, the server is down.
 */
export class MailUnreachableError extends AppError {
  constructor() {
    super("MAIL_FAILED");
    this.name = "MailUnreachableError";
  }
}

/** nodemailer's codes for a server it could not talk to at all (ESOCKET while connecting: refused). */
const UNREACHABLE = new Set(["ECONNECTION", "ETIMEDOUT", "EDNS"]);
const unreachable = (code: unknown, command: unknown) =>
  typeof code === "string" && (UNREACHABLE.has(code) || (code === "ESOCKET" && command === "CONN"));

/** Shared by every bundle of the process (see process-state.ts). */
const transports = processState("smtp-transports", () => new Map<string, Transporter>());

/** Connections the pool keeps open to the SMTP server (nodemailer's default). */
const SMTP_CONNECTIONS = 5;

/**
 * One pooled transport per SMTP URL: up to SMTP_CONNECTIONS connections stay open and carry
 * message after message, so a burst of notices pays no handshake per message (a connection is
 * renewed after 100 messages; one idle for 15 s is closed). Short timeouts so a dead server fails
 * the request fast.
 */
function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends an e-mail over SMTP whenever `SMTP_URL` is set (in any mode). A demo server without SMTP
 * keeps the message in the outbox table instead, readable at /dev/mailbox.
 * Throws MAIL_FAILED (502) when the message could not be handed over — as MailDeferredError when
 * the server asked to be tried later, as MailUnreachableError when it could not be reached.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  if (env.smtpUrl) {
    try {
      // The recipient is exactly the canonical address, in the header and in the SMTP envelope:
      // nothing in it is left for the mail library to read as a list or a display name.
      await transportFor(env.smtpUrl).sendMail({
        from: env.smtpFrom,
        to: { name: "", address: mail.to },
        subject: mail.subject,
        text: mail.text,
        envelope: { from: env.smtpFrom, to: [mail.to] },
      });
    } catch (error) {
      // The SMTP error may quote the recipient; log only its code and command.
      const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
      logger.error({ smtpCode: code, command, responseCode }, "smtp send failed");
      if (typeof responseCode === "number" && responseCode >= 400 && responseCode < 500) throw new MailDeferredError();
      if (responseCode === undefined && unreachable(code, command)) throw new MailUnreachableError();
      throw new AppError("MAIL_FAILED");
    }
    return;
  }
  if (env.demo) {
    await insertOutboxEmail(mail);
    return;
  }
  // Production refuses to start without SMTP_URL; this is a safety net, not a mode.
  logger.error("no mail transport configured");
  throw new AppError("MAIL_FAILED");
}
