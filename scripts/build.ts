/**
 * `tsx scripts/build.ts <demo|production> <distDir>`: one production build of the given mode into
 * its own folder (scripts/test.sh builds both), leaving tsconfig.json as it was.
 */
import { ensureBuild } from "./app-server";

async function main() {
  const [mode, distDir] = process.argv.slice(2);
  if ((mode !== "demo" && mode !== "production") || !distDir) {
    throw new Error("usage: tsx scripts/build.ts <demo|production> <distDir>");
  }
  await ensureBuild({ mode, distDir, fresh: true, env: { NEXT_PUBLIC_TON_TEST_WALLET: process.env.NEXT_PUBLIC_TON_TEST_WALLET ?? "" } });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
