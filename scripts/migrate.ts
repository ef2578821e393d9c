/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (SQLite or PostgreSQL). */
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { migrate } from "./lib/database";

migrate(getDatabaseUrl()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
