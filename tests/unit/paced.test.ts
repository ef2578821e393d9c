import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { pacedHandler, REQUESTS_PER_TURN } from "@/lib/server/http/paced";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("requests started per turn of the event loop", () => {
  it("starts at most `perTurn` requests a turn, in the order they arrived", async () => {
    const started: number[] = [];
    const handle = pacedHandler((n: number) => void started.push(n), 2);
    for (let n = 0; n < 5; n += 1) handle(n);
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([0, 1]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // Idle again: the next request starts in the next turn.
    handle(5);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  /**
   * A server whose every request keeps the event loop busy for half a millisecond, and 64 clients
   * that connect at once and each send their next request as soon as the previous one is answered.
   * What is counted is turns of the loop, not time (1,056 answers unpaced with 2 ms or 0.5 ms);
   * 2 ms took four times the CPU, past jest's 5 s once another worker shared the machine.
   * Node.js accepts one connection per turn of the loop; returns how many answers all the clients
   * had received when the last connection got its first one.
   */
  async function answersBeforeLastConnectionServed(paced: boolean): Promise<number> {
    const CONNECTIONS = 64;
    const busy = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const until = performance.now() + 0.5;
      while (performance.now() < until);
      res.writeHead(200, { "content-length": "2" });
      res.end("ok");
    };
    const server = http.createServer(paced ? pacedHandler(busy) : busy);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let answers = 0;
    let firstAnswered = 0;
    const sockets: net.Socket[] = [];
    const result = await new Promise<number>((resolve) => {
      for (let i = 0; i < CONNECTIONS; i += 1) {
        const socket = net.connect(port, "127.0.0.1");
        sockets.push(socket);
        let answered = false;
        let buffer = "";
        const ask = () => socket.write("GET / HTTP/1.1\r\nHost: test\r\n\r\n");
        socket.on("connect", ask);
        socket.on("error", () => undefined);
        socket.on("data", (chunk: Buffer) => {
          buffer += chunk.toString();
          while (buffer.includes("\r\n\r\nok")) {
            buffer = buffer.slice(buffer.indexOf("\r\n\r\nok") + 6);
            answers += 1;
            if (!answered) {
              answered = true;
              firstAnswered += 1;
              if (firstAnswered === CONNECTIONS) resolve(answers);
            }
            ask();
          }
        });
      }
    });
    for (const socket of sockets) socket.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return result;
  }

  it("keep a busy server taking new connections as fast as it answers requests", async () => {
    // Without pacing, each turn answers every connection already taken before its one accept:
    // the 64th connection waits for hundreds of answers to others (1,056 here).
    expect(await answersBeforeLastConnectionServed(false)).toBeGreaterThan(10 * 64);
    // Paced, a turn answers REQUESTS_PER_TURN requests: about that many answers per connection taken.
    expect(await answersBeforeLastConnectionServed(true)).toBeLessThan((REQUESTS_PER_TURN + 2) * 64);
  });
});
