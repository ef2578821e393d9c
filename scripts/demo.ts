/**
 * Demo mode on a fresh machine with no configuration: migrates `data/minibank.db` (or
 * DATABASE_URL), seeds it when it has no users, builds, and serves on http://localhost:3000
 * (PORT). It listens on this machine only (127.0.0.1): its mailbox shows every sign-in code, so
 * it is not for the network unless HOSTNAME says so (HOSTNAME=0.0.0.0 for every interface).
 *   --fresh     use a new temporary database (the e2e suite)
 *   --no-build  reuse an existing build (NEXT_DIST_DIR)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { migrate } from "./lib/database";
import { DEMO_HOSTNAME, demoHostname } from "./lib/demo-host";
import { run, serve, SERVE_COMMAND } from "./lib/run";

async function main() {
  const args = new Set(process.argv.slice(2));
  let databaseUrl = getDatabaseUrl();
  if (args.has("--fresh")) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-demo-"));
    databaseUrl = `file:${path.join(dir, "minibank.db")}`;
    process.env.MINIBANK_DATA_DIR = dir;
  }
  Object.assign(process.env, {
    MINIBANK_DEMO: "1",
    DATABASE_URL: databaseUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  });

  await migrate(databaseUrl);
  const { closeDb, createDb } = await import("@/lib/server/db");
  const { countUsers } = await import("@/lib/server/users/store");
  // The store's functions use the process's client, on DATABASE_URL (set above).
  if ((await countUsers()) === 0) {
    const { seedDemo } = await import("@/prisma/seed");
    console.log("Seeding the demo database…");
    const db = createDb(databaseUrl);
    try {
      await seedDemo(db);
    } finally {
      await db.$disconnect();
    }
    const { seedDemoSplits } = await import("@/prisma/seed-splits");
    await seedDemoSplits();
  }
  await closeDb();

  if (!args.has("--no-build")) await run("npx", ["next", "build"]);
  const port = process.env.PORT ?? "3000";
  const hostname = demoHostname(process.env);
  console.log(`Minibank demo: http://localhost:${port}${hostname === DEMO_HOSTNAME ? "" : ` (listening on ${hostname})`}`);
  serve(...SERVE_COMMAND, { env: { ...process.env, NODE_ENV: "production", PORT: port, HOSTNAME: hostname } });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
