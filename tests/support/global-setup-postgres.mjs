// Builds one migrated PostgreSQL template database per jest run; every test file clones it
// (tests/support/env-postgres.ts) and the teardown drops them all. The SQLite template too, unless
// the api project's setup has built it already: a file that compares the two databases
// (engine-equality) takes a SQLite copy beside its PostgreSQL clone (tests/support/fresh-database.ts).
import { execFileSync } from "node:child_process";
import sqliteSetup from "./global-setup.mjs";
import { adminSql, postgresUrl } from "./postgres.mjs";

export default function globalSetup() {
  const prefix = `minibank_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_template`;
  execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/migrate.ts"], {
    env: { ...process.env, DATABASE_URL: postgresUrl(template) },
    stdio: "pipe",
  });
  // Nobody may stay connected to a template that is being cloned.
  adminSql(`ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false`);
  process.env.MINIBANK_TEST_PG_PREFIX = prefix;
  if (!process.env.MINIBANK_TEST_TEMPLATE_DB) sqliteSetup();
}
