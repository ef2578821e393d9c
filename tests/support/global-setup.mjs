// Builds one migrated SQLite template per jest run; every test file copies it (tests/support/env.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-jest-"));
  const template = path.join(dir, "template.db");
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${template}`, CHECKPOINT_DISABLE: "1" },
    stdio: "pipe",
  });
  process.env.MINIBANK_TEST_TEMPLATE_DB = template;
}
