// The layers hold: `npm run lint` runs the dependency checker with the rules in
// .dependency-cruiser.cjs over the whole tree; this checks the rules themselves bite, and that every server module is
// marked server-only but those the server in front of Next.js (scripts/serve.ts), next.config.ts and
// the migrations (scripts/lib/database.ts, which `npm run db:schema` runs in plain Node too) load
// outside the React server graph — where the marker would stop them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

type Cruise = { modules: { source: string }[]; summary: { violations: { rule: { name: string }; from: string; to: string }[] } };

function cruise(...entries: string[]): Cruise {
  const out = execFileSync(path.join("node_modules", ".bin", "depcruise"), [...entries, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as Cruise;
}

const serverFiles = (fs.readdirSync("lib/server", { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts"))
  .map((file) => path.join("lib/server", file));

/**
 * The ids of the lint rules each `source` breaks when it is the file `file`: one ESLint (its API,
 * the project's config loaded once) for all of them, in one process.
 */
function lintAll(cases: [file: string, source: string][]): string[][] {
  const script = `const { ESLint } = require("eslint");
(async () => {
  const eslint = new ESLint();
  const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  const out = [];
  for (const [filePath, source] of cases) {
    const [report] = await eslint.lintText(source, { filePath });
    out.push(report.messages.map((m) => m.ruleId));
  }
  process.stdout.write(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { input: JSON.stringify(cases), encoding: "utf8" })) as string[][];
}

describe("layers", () => {
  it("every server module is server-only, but those loaded outside the React server graph", () => {
    const outside = new Set(cruise("scripts/serve.ts", "next.config.ts", "scripts/lib/database.ts").modules.map((m) => m.source).filter((s) => s.startsWith("lib/server/")));
    expect(outside.size).toBeGreaterThan(0);
    const marked = (file: string) => /^import "server-only";$/m.test(fs.readFileSync(file, "utf8"));
    expect(serverFiles.filter((file) => !outside.has(file) && !marked(file))).toEqual([]);
    expect([...outside].filter(marked)).toEqual([]);
  }, 60_000);

  it("the rules refuse an import up the layers and a circle", () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), "lib", "server", "platform", ".layers-"));
    const ledgerDir = fs.mkdtempSync(path.join(process.cwd(), "lib", "server", "ledger", ".layers-"));
    const probe = path.join(dir, "probe.ts");
    const circle = path.join(dir, "circle.ts");
    const ledgerProbe = path.join(ledgerDir, "probe.ts");
    try {
      fs.writeFileSync(probe, 'import { route } from "@/lib/server/http";\nimport "./circle";\nexport const x = route;\n');
      fs.writeFileSync(circle, 'import { x } from "./probe";\nexport const y = x;\n');
      fs.writeFileSync(ledgerProbe, 'import "@/lib/server/schedules/store";\n');
      const rules = cruise(...[probe, ledgerProbe].map((file) => path.relative(process.cwd(), file))).summary.violations.map((v) => v.rule.name);
      expect(rules).toEqual(expect.arrayContaining(["platform-at-the-bottom", "http-above-domains", "no-circular", "ledger-below-its-users"]));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(ledgerDir, { recursive: true, force: true });
    }
  }, 60_000);

  // The lint rules' probes run together, in one ESLint, before the tests that read them.
  const probes: [file: string, source: string][] = [];
  let found: string[][] = [];
  /** Registers `source` as the file `file`; the rules it breaks are read once the probes have run. */
  const probe = (file: string, source: string) => {
    const index = probes.push([file, source]) - 1;
    return () => found[index];
  };
  beforeAll(() => {
    found = lintAll(probes);
  }, 120_000);

  describe("SQL stays in stores", () => {
    const query = 'import { getDb, sqlOf } from "@/lib/server/db";\nexport const a = () => getDb().$queryRaw`SELECT 1`;\nexport const b = () => sqlOf();\n';
    const [useCase, screen, store, db] = [
      probe("lib/server/ledger/use-case.ts", query),
      probe("components/bank/screen.tsx", query),
      probe("lib/server/ledger/store-history.ts", query),
      probe("lib/server/db/claim.ts", query),
    ];
    it("the lint rule refuses a query in a use case and allows it in a store", () => {
      expect(useCase()).toEqual(["no-restricted-syntax", "no-restricted-syntax", "no-restricted-syntax"]);
      expect(screen()).toContain("no-restricted-syntax");
      expect(store()).toEqual([]);
      expect(db()).toEqual([]);
    });
  });

  describe("the server tells time by one clock", () => {
    const time = "export const a = () => Date.now();\nexport const b = () => new Date();\nexport const c = (ms: number) => new Date(ms);\n";
    const [useCase, store, clock, route, screen] = [
      probe("lib/server/requests/probe.ts", time),
      probe("lib/server/requests/store-probe.ts", time),
      probe("lib/server/platform/clock.ts", time),
      probe("app/api/v1/probe/route.ts", time),
      probe("components/bank/screen.tsx", time),
    ];
    it("the lint rule refuses the system's clock on the server, but in the clock module", () => {
      expect(useCase()).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
      expect(store()).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
      expect(route()).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
      expect(clock()).toEqual([]);
      expect(screen()).toEqual([]);
    });
  });

  describe("the browser ships one language", () => {
    const english = 'import { en } from "@/lib/shared/strings-en";\nexport const title = en.appName;\n';
    const every = 'import { DICTIONARIES } from "@/lib/shared/i18n";\nexport const title = DICTIONARIES.en.appName;\n';
    const [screen, client, shared, server, route] = [
      probe("components/bank/screen.tsx", english),
      probe("lib/client/probe.ts", every),
      probe("lib/shared/probe.ts", every),
      probe("lib/server/notifications/probe.ts", every),
      probe("app/api/v1/probe/route.ts", english),
    ];
    it("the lint rule refuses every dictionary in screens and allows it on the server", () => {
      expect(screen()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(client()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(shared()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(server()).toEqual([]);
      expect(route()).toEqual([]);
    });
  });

  describe("the forms' and feature screens' texts stay out of the wallet", () => {
    const features = 'import { ruFeatures } from "@/lib/shared/strings-features";\nexport const title = ruFeatures.splits.title;\n';
    const english = 'import { enFeatures } from "@/lib/shared/strings-en-features";\nexport const title = enFeatures.splits.title;\n';
    const forms = 'import { ruForms } from "@/lib/shared/strings-forms";\nexport const title = ruForms.login.title;\n';
    const [screen, client, splits, shared, featureHook, wallet, formHook, server] = [
      probe("components/bank/screen.tsx", features),
      probe("lib/client/probe.ts", features),
      probe("components/splits/probe.tsx", english),
      probe("lib/shared/probe.ts", english),
      probe("lib/client/feature-strings.ts", features),
      probe("components/bank/wallet-tab.tsx", forms),
      probe("lib/client/form-strings.ts", forms),
      probe("lib/server/notifications/probe.ts", english),
    ];
    it("only their hooks import them in the browser", () => {
      expect(screen()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(client()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(splits()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(shared()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(featureHook()).toEqual([]);
      expect(wallet()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(formHook()).toEqual([]);
      expect(server()).toEqual([]);
    });
  });

  describe("the texts only the server says", () => {
    const serverText = 'import { ruServer } from "@/lib/shared/strings-server";\nexport const title = ruServer.bot.openButton;\n';
    const [screen, featureHook, page, server] = [
      probe("components/bank/screen.tsx", serverText),
      probe("lib/client/feature-strings.ts", serverText),
      probe("app/bank/page.tsx", serverText),
      probe("lib/server/notifications/probe.ts", serverText),
    ];
    it("never reach the browser", () => {
      expect(screen()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(featureHook()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(page()).toEqual(["@typescript-eslint/no-restricted-imports"]);
      expect(server()).toEqual([]);
    });
  });
});
