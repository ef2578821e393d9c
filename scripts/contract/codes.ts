import { execFile } from "node:child_process";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { EnvironmentError } from "./outcome";

/** Where the suite gets an e-mail sign-in code from: its own SMTP server, or a command. */
export type CodeSource = { codeFor(email: string): Promise<string>; close(): Promise<void> };

const CODE = /(?<!\d)(\d{6})(?!\d)/;
const WAIT_MS = 15_000;

/**
 * An SMTP server on 127.0.0.1:`port` (plain, no auth) that the backend under test sends its mail
 * to; the code is the first six-digit number in the newest message's text for the address.
 */
export async function smtpCodes(port: number): Promise<CodeSource> {
  const inbox: { to: string[]; text: string }[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), text: mail.text ?? "" });
          waiting.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // Each request for a code sends one message; a message is read once, so that a second sign-in
  // of the same address never reads the first one's (spent) code before its own message arrives.
  const read = new Set<number>();
  return {
    async codeFor(email) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        // The newest unread message with a code: the bank's other mail to the same address (money
        // arrived) may come after it and carries none.
        const index = inbox.findLastIndex((m, i) => !read.has(i) && m.to.includes(email.toLowerCase()) && CODE.test(m.text));
        const code = index >= 0 ? CODE.exec(inbox[index].text)?.[1] : undefined;
        if (code) {
          read.add(index);
          return code;
        }
        if (Date.now() > deadline) throw new EnvironmentError(`no message with a code reached ${email} within ${WAIT_MS / 1000} s`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `command` is run by the shell with the e-mail address as its last argument and prints the code. */
export function commandCodes(command: string): CodeSource {
  return {
    codeFor: (email) =>
      new Promise((resolve, reject) => {
        execFile("sh", ["-c", `${command} "$1"`, "sh", email], { timeout: WAIT_MS }, (error, stdout) => {
          const code = CODE.exec(stdout)?.[1];
          if (error || !code) reject(new EnvironmentError(`--code-from printed no code for ${email}${error ? `: ${error.message}` : ""}`));
          else resolve(code);
        });
      }),
    close: async () => undefined,
  };
}
