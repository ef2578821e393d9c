import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Dictionary files browser code may not import (a type import is allowed: it ships nothing). */
const restricted = (name, message) => ({ name, message, allowTypeImports: true });
const SERVER_ONLY = "Only the server says these texts (the bot, e-mail, the API's errors).";
const NOT_IN_THE_BROWSER = [
  restricted("@/lib/shared/i18n", "Browser code imports @/lib/shared/languages; its texts come from useStrings()."),
  restricted("@/lib/shared/strings-en", "English loads on demand: loadLanguage() in lib/client/language.tsx."),
  restricted("@/lib/shared/strings-en-features", "English loads on demand: useAllStrings() in lib/client/feature-strings.ts."),
  restricted("@/lib/shared/strings-en-forms", "English loads on demand: useFormStrings() in lib/client/form-strings.ts."),
  restricted("@/lib/shared/strings-server", SERVER_ONLY),
  restricted("@/lib/shared/strings-en-server", SERVER_ONLY),
];
const THROUGH_THEIR_HOOKS = [
  restricted("@/lib/shared/strings-features", "A feature screen's texts come from useAllStrings() (lib/client/feature-strings.ts)."),
  restricted("@/lib/shared/strings-forms", "A form's texts come from useFormStrings() (lib/client/form-strings.ts)."),
];

/** Statements only in stores (lib/server/<domain>/store*.ts) and lib/server/db/. */
const SQL_IN_STORES = [
  {
    selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction)$/]",
    message: "Raw SQL and transactions belong in the domain's store (lib/server/<domain>/store*.ts) or lib/server/db/.",
  },
  {
    selector: "MemberExpression[object.name='Prisma'][property.name=/^(sql|raw|join)$/]",
    message: "SQL fragments belong in the domain's store (lib/server/<domain>/store*.ts) or lib/server/db/.",
  },
  {
    selector: "CallExpression[callee.name=/^(getDb|sqlOf)$/]",
    message: "Only stores (lib/server/<domain>/store*.ts) and lib/server/db/ reach the database.",
  },
];
const CLOCK_MESSAGE = "The server's time comes from lib/server/platform/clock.ts (clockNow(), clockNowMs()): the demo's clock control moves it.";
/** Time read from the system's clock directly, past the server's one clock. */
const ONE_CLOCK = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK_MESSAGE },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
];

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
  {
    // SQL lives in stores: a domain's `store*.ts` files and `lib/server/db/` hold every query;
    // use cases, routes, screens and scripts call named store functions.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "scripts/**/*.ts", "proxy.ts", "instrumentation.ts"],
    ignores: ["lib/server/**/store*.ts", "lib/server/db/**"],
    rules: { "no-restricted-syntax": ["error", ...SQL_IN_STORES] },
  },
  {
    // The server tells time by one clock (lib/server/platform/clock.ts), which the demo's clock
    // control moves; a `Date.now()` of its own would decide by another. (The same files as the
    // block above keep its rules: a file's `no-restricted-syntax` is the last block's that names it.)
    files: ["lib/server/**/*.ts", "app/api/**/*.ts"],
    ignores: ["lib/server/**/store*.ts", "lib/server/db/**", "lib/server/platform/clock.ts"],
    rules: { "no-restricted-syntax": ["error", ...SQL_IN_STORES, ...ONE_CLOCK] },
  },
  {
    files: ["lib/server/**/store*.ts", "lib/server/db/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_CLOCK] },
  },
  {
    // The browser ships Russian only; another language's texts load when a customer reads them
    // (lib/client/language.tsx). Every dictionary at once (lib/shared/i18n.ts) is the server's.
    // A type import ships nothing, so it is allowed (the keys' type names the server's texts).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}", "lib/shared/**/*.ts"],
    ignores: ["app/api/**", "lib/shared/i18n.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: NOT_IN_THE_BROWSER }] },
  },
  {
    // The forms' and the feature screens' texts stay out of /bank: a screen reads them through
    // useFormStrings() (lib/client/form-strings.ts) or useAllStrings() (lib/client/feature-strings.ts),
    // which also load their English.
    files: ["components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    ignores: ["lib/client/feature-strings.ts", "lib/client/form-strings.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [...NOT_IN_THE_BROWSER, ...THROUGH_THEIR_HOOKS] }] },
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
