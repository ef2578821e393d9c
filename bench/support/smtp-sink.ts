/**
 * The bench's SMTP server, in a process of its own so that taking in the notices costs the load
 * generator nothing: accepts every message, prints `{"port": …}` once listening and
 * `{"received": …}` when told to stop (SIGTERM).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let received = 0;
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});

// A client that drops its connection (the app being stopped while it sends) must not take the
// sink down with it: smtp-server reports it as an 'error' event, which would otherwise throw.
server.on("error", () => undefined);

server.listen(0, "127.0.0.1", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- smtp-server's typings omit `server`
  const { port } = (server as any).server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

process.once("SIGTERM", () => {
  process.stdout.write(`${JSON.stringify({ received })}\n`);
  server.close(() => process.exit(0));
});
