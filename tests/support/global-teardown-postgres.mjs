// Drops the run's template and every test file's clone of it.
import pg from "pg";
import { postgresUrl } from "./postgres.mjs";

export default async function globalTeardown() {
  const prefix = process.env.MINIBANK_TEST_PG_PREFIX;
  if (!prefix) return;
  const client = new pg.Client({ connectionString: postgresUrl("postgres") });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
