// Removes the jest run's folder: the template database and every test file's copy of it.
import fs from "node:fs";
import path from "node:path";

export default function globalTeardown() {
  const template = process.env.MINIBANK_TEST_TEMPLATE_DB;
  if (template) fs.rmSync(path.dirname(template), { recursive: true, force: true });
}
