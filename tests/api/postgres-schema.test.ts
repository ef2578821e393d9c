import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import path from "node:path";
import os from "node:os";
import Database from "better-sqlite3";
import { dropPostgresDatabase, ensurePostgresDatabase, migrate, migratePostgres, POSTGRES_FUNCTIONS, POSTGRES_MIGRATIONS } from "@/scripts/lib/database";
import { POSTGRES_SCHEMA, postgresSchema, SQLITE_SCHEMA, sqliteSchemaOf } from "@/scripts/lib/postgres-schema";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";

// One data model: the PostgreSQL schema is derived from the SQLite one, and the checked-in
// PostgreSQL migrations build exactly the database that schema describes.

const url = postgresUrl as (name: string) => string;

/** Columns, their types and nullability, and every index definition, of a database. */
async function structure(database: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url(database) });
  await client.connect();
  try {
    const columns = await client.query<{ line: string }>(`
      SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
        COALESCE(column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_minibank_migrations'`);
    const indexes = await client.query<{ line: string }>(`
      SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_minibank_migrations'`);
    const foreign = await client.query<{ line: string }>(`
      SELECT conrelid::regclass || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint
      WHERE contype = 'f' AND connamespace = 'public'::regnamespace`);
    return [...columns.rows, ...indexes.rows, ...foreign.rows].map((row) => row.line).sort();
  } finally {
    await client.end();
  }
}

/** Every table's columns (type, nullability, default, key) and every index, of a SQLite file. */
function sqliteStructure(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`).all() as { name: string }[];
    const columns = tables.flatMap(({ name }) =>
      (db.pragma(`table_info("${name}")`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[]).map(
        (c) => `${name}.${c.name} ${c.type} ${c.notnull} ${c.dflt_value ?? ""} ${c.pk}`,
      ),
    );
    const indexes = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`).all() as { sql: string }[];
    return [...columns, ...indexes.map((i) => i.sql)].sort();
  } finally {
    db.close();
  }
}

describe("the data model", () => {
  it("is prisma/schema.prisma with PostgreSQL's datasource (npm run db:schema writes it), and can be read back", () => {
    const sqlite = fs.readFileSync(SQLITE_SCHEMA, "utf8");
    const derived = postgresSchema(sqlite);
    expect(fs.readFileSync(POSTGRES_SCHEMA, "utf8")).toBe(derived);
    // npm run db:schema writes the SQLite migration from the model the PostgreSQL schema was made from.
    expect(sqliteSchemaOf(derived)).toBe(sqlite);
  });

  it("is what the checked-in SQLite migrations build", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-model-"));
    try {
      const [migrated, declared] = [path.join(dir, "migrated.db"), path.join(dir, "declared.db")];
      await migrate(`file:${migrated}`);
      const sql = execFileSync("npx", ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", SQLITE_SCHEMA, "--script"], {
        encoding: "utf8",
        env: { ...process.env, CHECKPOINT_DISABLE: "1", DATABASE_URL: `file:${path.join(dir, "diff.db")}` },
      });
      const db = new Database(declared);
      db.exec(sql);
      db.close();
      const [built, described] = [sqliteStructure(migrated), sqliteStructure(declared)];
      expect(built.length).toBeGreaterThan(50);
      expect(built).toEqual(described);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("is what the checked-in PostgreSQL migrations build", async () => {
    const stamp = `${process.pid}_${Date.now().toString(36)}`;
    const migrated = `minibank_schema_migrated_${stamp}`;
    const declared = `minibank_schema_declared_${stamp}`;
    try {
      await migratePostgres(url(migrated));
      const sql = execFileSync(
        "npx",
        ["prisma", "migrate", "diff", "--config", "prisma/postgres/prisma.config.ts", "--from-empty",
          "--to-schema-datamodel", POSTGRES_SCHEMA, "--script"],
        { encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1", DATABASE_URL: url("postgres") } },
      );
      await ensurePostgresDatabase(url(declared));
      const client = new pg.Client({ connectionString: url(declared) });
      await client.connect();
      await client.query(sql);
      await client.end();
      const [built, described] = [await structure(migrated), await structure(declared)];
      expect(built.length).toBeGreaterThan(50);
      expect(built).toEqual(described);
    } finally {
      await dropPostgresDatabase(url(migrated));
      await dropPostgresDatabase(url(declared));
    }
  }, 120_000);

  it("has one source per function: prisma/postgres/functions/*.sql is, verbatim, the newest migration that defines it (npm run db:function)", () => {
    const migrations = fs.readdirSync(POSTGRES_MIGRATIONS).filter((name) => /^\d{14}_/.test(name)).sort().reverse();
    const functions = fs.readdirSync(POSTGRES_FUNCTIONS).filter((file) => file.endsWith(".sql"));
    expect(functions).toContain("minibank_apply_plan.sql");
    for (const file of functions) {
      const source = fs.readFileSync(path.join(POSTGRES_FUNCTIONS, file), "utf8").trimEnd();
      const name = /CREATE OR REPLACE FUNCTION "(\w+)"/.exec(source)?.[1];
      expect(name).toBe(path.basename(file, ".sql"));
      const newest = migrations
        .map((dir) => fs.readFileSync(path.join(POSTGRES_MIGRATIONS, dir, "migration.sql"), "utf8"))
        .find((sql) => sql.includes(`FUNCTION "${name}"(`));
      expect(newest).toBeDefined();
      expect(newest!.includes(source)).toBe(true);
    }
  });
});
