/**
 * The one warning of Prisma's that the app drops (scripts/lib/prisma-output.ts): that Prisma
 * prints it word for word, that migrating drops it and nothing else. When a Prisma upgrade changes
 * or stops the warning, the first test fails: remove the filter, or match the new text.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "@/scripts/lib/database";
import { UNUSED_URL_WARNING, withoutUnusedUrlWarning } from "@/scripts/lib/prisma-output";

jest.setTimeout(60_000);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-prisma-output-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("Prisma Migrate's output", () => {
  it("holds the unused-url warning word for word (Prisma as pinned in package.json)", () => {
    const raw = spawnSync("npx", ["prisma", "migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: `file:${path.join(folder, "raw.db")}`, CHECKPOINT_DISABLE: "1" },
      encoding: "utf8",
    });
    expect(raw.status).toBe(0);
    expect(raw.stdout).toContain(UNUSED_URL_WARNING);
    const kept = withoutUnusedUrlWarning(raw.stdout);
    expect(kept).not.toContain("WARNING");
    expect(kept).toMatch(/\d+ migrations found in prisma\/migrations/);
    expect(kept.length).toBe(raw.stdout.length - UNUSED_URL_WARNING.length);
  });

  it("is passed on by migrate() without the warning, the applied migrations listed", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await migrate(`file:${path.join(folder, "app.db")}`);
    } finally {
      spy.mockRestore();
    }
    const output = written.join("");
    expect(output).toContain("All migrations have been successfully applied.");
    expect(output).not.toContain("will NOT be used");
  });
});
