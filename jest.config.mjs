import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Two projects: node for the server (real route handlers, SQLite), jsdom for components. */
const config = {
  projects: [
    await createJestConfig({
      displayName: "api",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/api/**/*.test.ts", "<rootDir>/tests/unit/**/*.test.ts"],
      moduleNameMapper: { "^server-only$": "<rootDir>/tests/support/empty.js", "^@/(.*)$": "<rootDir>/$1" },
      globalSetup: "<rootDir>/tests/support/global-setup.mjs",
      setupFiles: ["<rootDir>/tests/support/env.ts"],
    })(),
    await createJestConfig({
      displayName: "ui",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/tests/unit/**/*.test.tsx"],
      moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
      setupFilesAfterEnv: ["<rootDir>/tests/support/jsdom-setup.ts"],
    })(),
  ],
};

export default config;
