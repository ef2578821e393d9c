// PostgreSQL for the test run: the server TEST_POSTGRES_URL names (scripts/test.sh sets it,
// starting a throwaway server when the machine has none), else the usual local one.
import { execFileSync } from "node:child_process";

export function postgresServerUrl() {
  return process.env.TEST_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

/** The URL of database `name` on the test server. */
export function postgresUrl(name) {
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one SQL statement on the server's maintenance database, synchronously (setup files are synchronous). */
export function adminSql(sql) {
  const script = `const pg=require("pg");const c=new pg.Client({connectionString:process.argv[1]});
c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})`;
  execFileSync(process.execPath, ["-e", script, postgresUrl("postgres"), sql], { stdio: "pipe" });
}
