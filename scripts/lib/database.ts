import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { run } from "./run";

/** The SQLite file behind a `file:` URL (relative paths are relative to the project root). */
export function sqlitePath(url: string): string {
  if (!url.startsWith("file:")) throw new Error(`Only file: SQLite URLs are supported here: ${url}`);
  return path.resolve(url.slice("file:".length));
}

/**
 * Applies pending migrations with `prisma migrate deploy` and switches the file to WAL
 * (persistent per database file), so readers never wait for the writer.
 */
export async function migrate(url: string): Promise<void> {
  const file = sqlitePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await run("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" },
  });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.close();
}
