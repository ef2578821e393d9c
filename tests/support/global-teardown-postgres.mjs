// Drops the run's template and every test file's clone of it, removes the test files' data folders
// (env-postgres.ts), and the SQLite template's folder (global-setup-postgres.mjs may have built it;
// removing it twice is harmless).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sqliteTeardown from "./global-teardown.mjs";
import { postgresUrl } from "./postgres.mjs";

export default async function globalTeardown() {
  sqliteTeardown();
  const prefix = process.env.MINIBANK_TEST_PG_PREFIX;
  if (!prefix) return;
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(`${prefix}-data-`)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: postgresUrl("postgres") });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
