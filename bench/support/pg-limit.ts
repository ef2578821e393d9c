/**
 * The database's own limit for a transfer, measured beside the app's PostgreSQL figures in the
 * same rounds: a benchmark database of its own on the same server, with a tiny schema of its own
 * (wallet, transfer, posting — the app's indexes and foreign keys, none of its other columns), and
 * 16 clients (a pg Pool of 16) each looping ONE statement: a conditional debit, the credit, the
 * transfer row and its two postings in one CTE, committed with the server's own settings. It is
 * the ceiling an app transfer (several statements, a session look-up, idempotency, HTTP) can be
 * judged against on this machine.
 */
import crypto from "node:crypto";
import pg from "pg";
import { dropPostgresDatabase, ensurePostgresDatabase, postgresDatabaseUrl } from "@/scripts/lib/database";
import { percentile } from "./stats";

export const PG_LIMIT_CLIENTS = 16;

const OPENING_BALANCE = 1_000_000_000_000n;

const SCHEMA = `
CREATE TABLE wallet (id integer PRIMARY KEY, balance bigint NOT NULL);
CREATE TABLE transfer (
  id serial PRIMARY KEY,
  sender_id integer NOT NULL REFERENCES wallet,
  receiver_id integer NOT NULL REFERENCES wallet,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ON transfer (sender_id, id);
CREATE INDEX ON transfer (receiver_id, id);
CREATE TABLE posting (
  id serial PRIMARY KEY,
  transfer_id integer NOT NULL REFERENCES transfer,
  wallet_id integer NOT NULL REFERENCES wallet,
  amount bigint NOT NULL
);
CREATE INDEX ON posting (wallet_id);
CREATE INDEX ON posting (transfer_id);
`;

/** Each step reads the one before, so nothing is written unless the debit found the money. */
const TRANSFER = `
WITH debit AS (
  UPDATE wallet SET balance = balance - $3::bigint WHERE id = $1::int AND balance >= $3::bigint RETURNING id
), credit AS (
  UPDATE wallet SET balance = balance + $3::bigint WHERE id = $2::int AND EXISTS (SELECT FROM debit) RETURNING id
), moved AS (
  INSERT INTO transfer (sender_id, receiver_id, amount) SELECT $1::int, $2::int, $3::bigint FROM credit RETURNING id
)
INSERT INTO posting (transfer_id, wallet_id, amount)
SELECT id, $1::int, -$3::bigint FROM moved UNION ALL SELECT id, $2::int, $3::bigint FROM moved`;

export type PgLimitMeasured = {
  transfersPerSec: number;
  p50: number;
  p99: number;
  /** Debits that found too little money (none expected: the opening balances are huge). */
  refused: number;
  /** Deadlocks between two transfers locking the same two wallets in opposite order, retried. */
  retried: number;
};

export type PgLimit = {
  url: string;
  /** Warm-up, then `seconds` measured. */
  measure(seconds: number, warmup: number): Promise<PgLimitMeasured>;
  /** Checks the money is all there, then drops the database. */
  close(): Promise<{ transfers: number; problems: string[] }>;
};

/** Creates the benchmark database on the server `serverUrl` points at, with `wallets` wallets. */
export async function openPgLimit(serverUrl: string, wallets: number): Promise<PgLimit> {
  const url = postgresDatabaseUrl(serverUrl, `minibank_bench_limit_${Date.now().toString(36)}`);
  await ensurePostgresDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: PG_LIMIT_CLIENTS });
  // A connection ended by the server while idle (the database dropped WITH (FORCE) while the pool
  // is still closing them) is the pool's to discard; without a listener it would end the run.
  pool.on("error", () => undefined);
  await pool.query(SCHEMA);
  await pool.query("INSERT INTO wallet (id, balance) SELECT g, $2::bigint FROM generate_series(1, $1::int) g", [
    wallets,
    OPENING_BALANCE.toString(),
  ]);
  await pool.query("ANALYZE");

  async function loop(seconds: number) {
    const start = performance.now();
    const end = start + seconds * 1000;
    const latencies: number[] = [];
    let refused = 0;
    let retried = 0;
    const client = async () => {
      while (performance.now() < end) {
        const sender = 1 + crypto.randomInt(wallets);
        const receiver = 1 + ((sender + crypto.randomInt(wallets - 1)) % wallets);
        const started = performance.now();
        try {
          // A named statement: parsed and planned once per connection, as pgbench -M prepared does.
          const amount = 100 + crypto.randomInt(10_000);
          const result = await pool.query({ name: "transfer", text: TRANSFER, values: [sender, receiver, amount] });
          if (result.rowCount === 2) latencies.push(performance.now() - started);
          else refused += 1;
        } catch (error) {
          if ((error as { code?: string }).code !== "40P01") throw error;
          retried += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: PG_LIMIT_CLIENTS }, client));
    // Over the time until the last client's last statement came back.
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      transfersPerSec: Math.round(latencies.length / elapsed),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      refused,
      retried,
    };
  }

  return {
    url,
    async measure(seconds, warmup) {
      if (warmup > 0) await loop(warmup);
      return loop(seconds);
    },
    async close() {
      const problems: string[] = [];
      try {
        const { rows } = await pool.query<{ money: string; transfers: string; unbalanced: string }>(`
          SELECT (SELECT sum(balance) FROM wallet)::text AS money,
                 (SELECT count(*) FROM transfer)::text AS transfers,
                 (SELECT count(*) FROM (SELECT transfer_id FROM posting GROUP BY transfer_id
                   HAVING sum(amount) <> 0 OR count(*) <> 2) t)::text AS unbalanced`);
        const [{ money, transfers, unbalanced }] = rows;
        if (BigInt(money) !== OPENING_BALANCE * BigInt(wallets)) problems.push(`wallets hold ${money}, not the opening total`);
        if (unbalanced !== "0") problems.push(`${unbalanced} transfers without two balancing postings`);
        return { transfers: Number(transfers), problems };
      } finally {
        await pool.end();
        await dropPostgresDatabase(url);
      }
    },
  };
}
