import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };

export type Mailbox = {
  server: SMTPServer;
  port: number;
  received: Received[];
  /** From now on messages are taken in but not answered (the sender waits) … */
  hold(): void;
  /** … until this answers them all, and the next ones at once. */
  release(): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1: plain text, no TLS, no auth; `reject` makes it refuse mail
 * (550), `defer` put it off (451, "try again later"). Senders keep connections open (pooled), so
 * closing gives them 0.2 s before it cuts them.
 */
export function startSmtp(options: { reject?: boolean; defer?: boolean } = {}): Promise<Mailbox> {
  const received: Received[] = [];
  let held: (() => void)[] | null = null;
  const refusal = options.reject
    ? Object.assign(new Error("mailbox unavailable"), { responseCode: 550 })
    : options.defer
      ? Object.assign(new Error("try again later"), { responseCode: 451 })
      : null;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        const answer = () => callback(refusal);
        if (held) held.push(answer);
        else answer();
      });
    },
  });
  // A sender cut off mid-connection (a server the test stops while its pooled connection is open)
  // resets the socket: that is the test's doing, not a fault of the mailbox, and an unheard
  // 'error' would end the whole suite.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- smtp-server's typings omit `server`
      const port = ((server as any).server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        received,
        hold: () => void (held ??= []),
        release() {
          const waiting = held ?? [];
          held = null;
          for (const answer of waiting) answer();
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** The plain-text body of a raw message, decoded by a real MIME parser. */
export async function textOf(raw: string): Promise<string> {
  return (await simpleParser(raw)).text ?? "";
}

/** The sign-in code in the Russian sentence of the message. */
export async function codeIn(raw: string): Promise<string> {
  const code = /Ваш код для входа в Minibank: (\d{6})/.exec(await textOf(raw))?.[1];
  if (!code) throw new Error(`no code in message:\n${raw}`);
  return code;
}
