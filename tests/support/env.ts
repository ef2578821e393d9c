// Runs before each API/unit test file: its own copy of the migrated template database and
// fixed test secrets. Demo mode is on so demo-only endpoints can be exercised.
import fs from "node:fs";
import path from "node:path";
import { API_TEST_ENV } from "./test-env";

const template = process.env.MINIBANK_TEST_TEMPLATE_DB;
if (!template) throw new Error("jest globalSetup did not prepare the template database");

// Inside the run's own folder, which global-teardown.mjs removes with everything in it.
const dir = fs.mkdtempSync(path.join(path.dirname(template), "file-"));
const dbFile = path.join(dir, "test.db");
fs.copyFileSync(template, dbFile);

Object.assign(process.env, {
  DATABASE_URL: `file:${dbFile}`,
  MINIBANK_DATA_DIR: dir,
  ...API_TEST_ENV,
});
delete process.env.SMTP_URL;
