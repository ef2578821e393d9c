import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// ESM-only packages that jest (on Node 20) must transform to CommonJS.
const esmPackages = ["jose", "@prisma/client", "@telegram-apps", "nanoid", "@tonconnect", "uuid"].join("|");

async function project(overrides) {
  const config = await createJestConfig(overrides)();
  return {
    ...config,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`, "^.+\\.module\\.(css|sass|scss)$"],
  };
}

/**
 * Per-process state lives on globalThis by design (lib/server/platform/process-state.ts). Jest's "soft"
 * clean-up of globals between test files wraps them in accessors whose setter calls itself once a
 * later file writes one again (a stack overflow). The mode is fixed by the first environment a
 * worker creates, whatever its project, so every project turns it off.
 */
const KEEP_GLOBALS = { globalsCleanup: "off" };

/** Suites about SQLite itself: its lock and direct runner, files on disk. */
const SQLITE_ONLY = ["db-lock", "sqlite-checkpoint", "db-isolation", "process-state", "postgres-schema", "prisma-output"];
/**
 * Suites whose behaviour cannot depend on the database (tokens, headers, configuration, account
 * numbers, the bundled wallets list, the OpenAPI document and the answer contract): once, on SQLite.
 */
const DATABASE_AGNOSTIC = ["access-token-verify", "headers", "ledger-numbers", "start-config", "ton-wallets-list", "/contract\\.test", "/openapi\\.test", "openapi-lint"];
/**
 * Suites about PostgreSQL itself (the store's concurrency, what a transfer costs, the outbox's
 * claims), and the one that compares it with SQLite (engine-equality: both databases at once).
 */
const POSTGRES_ONLY = ["/node_modules/", "postgres-store", "postgres-ledger", "postgres-outbox", "postgres-group-commit", "engine-equality"];

/** Four projects: node for the server (real route handlers, SQLite), production builds over HTTP, jsdom for components. */
const config = {
  // The usual output, then the counts and the 15 slowest files (docs/testing.md).
  reporters: ["default", "<rootDir>/tests/support/reporters/jest-slowest.mjs"],
  // A test that needs longer says so; the default leaves room for a loaded two-core machine, where
  // a file's few seconds of requests can take three times as long (a limit, never a measurement).
  testTimeout: 20_000,
  projects: [
    await project({
      displayName: "api",
      testEnvironment: "node",
      testEnvironmentOptions: KEEP_GLOBALS,
      testMatch: ["<rootDir>/tests/api/**/*.test.ts", "<rootDir>/tests/unit/**/*.test.ts"],
      testPathIgnorePatterns: POSTGRES_ONLY,
      moduleNameMapper: {
        "^server-only$": "<rootDir>/tests/support/empty.js",
        "^@/(.*)$": "<rootDir>/$1",
      },
      globalSetup: "<rootDir>/tests/support/global-setup.mjs",
      globalTeardown: "<rootDir>/tests/support/global-teardown.mjs",
      setupFiles: ["<rootDir>/tests/support/env.ts"],
    }),
    // The same API suites on PostgreSQL (each file on its own clone of a migrated template), but
    // for the ones about SQLite's own machinery (its lock, its direct runner, its files).
    await project({
      displayName: "api-postgres",
      testEnvironment: "node",
      testEnvironmentOptions: KEEP_GLOBALS,
      testMatch: ["<rootDir>/tests/api/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", ...SQLITE_ONLY, ...DATABASE_AGNOSTIC],
      moduleNameMapper: {
        "^server-only$": "<rootDir>/tests/support/empty.js",
        "^@/(.*)$": "<rootDir>/$1",
      },
      globalSetup: "<rootDir>/tests/support/global-setup-postgres.mjs",
      globalTeardown: "<rootDir>/tests/support/global-teardown-postgres.mjs",
      setupFiles: ["<rootDir>/tests/support/env-postgres.ts"],
    }),
    // Production builds started with `npm start` and driven over HTTP (no module of the server is
    // loaded into jest itself).
    await project({
      displayName: "production",
      testEnvironment: "node",
      testEnvironmentOptions: KEEP_GLOBALS,
      testMatch: ["<rootDir>/tests/production/**/*.test.ts"],
      moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
    }),
    await project({
      displayName: "ui",
      testEnvironment: "jsdom",
      testEnvironmentOptions: KEEP_GLOBALS,
      testMatch: ["<rootDir>/tests/unit/**/*.test.tsx"],
      moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
      setupFilesAfterEnv: ["<rootDir>/tests/support/jsdom-setup.ts"],
    }),
  ],
};

export default config;
