import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The contract suite checks any backend from outside: it may not know Minibank's code.
    files: ["scripts/contract.ts", "scripts/contract/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/*", "../*", "!./contract/*"], message: "The contract suite imports nothing from the app." }] },
      ],
    },
  },
  globalIgnores([
    ".next*/**",
    "bench/bare/.next/**",
    "node_modules/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "bench/results/**",
    "next-env.d.ts",
  ]),
]);
