// Builds one migrated PostgreSQL template database per jest run; every test file clones it
// (tests/support/env-postgres.ts) and the teardown drops them all.
import { execFileSync } from "node:child_process";
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
}
