/**
 * Request starts paced to the event loop's turns, so that a busy server still takes new
 * connections at the rate it answers requests.
 *
 * Node.js (libuv 1.45 and later) accepts one new connection per turn of the event loop. A turn's
 * length is whatever work it finds ready: without pacing, every request read in that turn starts
 * at once, so under load a turn runs the work of every open connection (100–200 ms for 64
 * connections of transfers) and a burst of new connections is taken one per turn — the 64th
 * client waited seconds for its connection to be accepted while every request already inside
 * was answered in a fraction of that. Starting at most `perTurn` requests per turn (the others
 * wait, in the order they arrived, for the next turns) keeps each turn short: a connection is
 * then accepted within a few requests' time, and the total work, hence the throughput, stays the
 * same. Measured with 64 connections of transfers on SQLite (bench/results/history.md): one a turn
 * took new connections fastest but lost half the throughput to the turns' own cost (each turn
 * commits its own small group, among others); 2 to 4 kept it, 8 let the longest waits back in.
 * A request waits in this queue instead of in its socket; there is at most one per open
 * connection (Node.js reads a connection's next request only once the previous one is answered).
 */

/** How many requests start in one turn of the event loop. */
export const REQUESTS_PER_TURN = 4;

export function pacedHandler<A extends unknown[]>(
  handle: (...args: A) => void,
  perTurn = REQUESTS_PER_TURN,
): (...args: A) => void {
  const waiting: A[] = [];
  let scheduled = false;
  // An immediate runs after the turn's I/O callbacks; one scheduled from inside an immediate
  // runs in the next turn, after that turn's I/O (among it the one accept).
  const startSome = () => {
    try {
      for (let i = 0; i < perTurn && waiting.length > 0; i += 1) handle(...waiting.shift()!);
    } finally {
      // A handler that throws is the process's uncaught exception, as it was in the 'request'
      // event; the requests behind it still start.
      if (waiting.length > 0) setImmediate(startSome);
      else scheduled = false;
    }
  };
  return (...args: A) => {
    waiting.push(args);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startSome);
    }
  };
}
