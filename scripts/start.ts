/**
 * Production start: refuses to run without real configuration (one line per problem), applies
 * pending migrations, then serves the built app on PORT/HOSTNAME (scripts/serve.ts).
 */
import { isDemoEnv } from "@/lib/server/platform/demo-mode";
import { checkProductionEnv, getDatabaseUrl } from "@/lib/server/platform/env";
import { migrate } from "./lib/database";
import { serve, SERVE_COMMAND } from "./lib/run";

async function main() {
  const problems = isDemoEnv(process.env) ? [] : checkProductionEnv(process.env);
  if (problems.length) {
    console.error("Minibank cannot start:");
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error("See .env.example for every variable.");
    process.exit(1);
  }
  const databaseUrl = getDatabaseUrl();
  await migrate(databaseUrl);
  const port = process.env.PORT ?? "3000";
  const hostname = process.env.HOSTNAME ?? "0.0.0.0";
  serve(...SERVE_COMMAND, {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: port, HOSTNAME: hostname },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
