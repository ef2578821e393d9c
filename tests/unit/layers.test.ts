// The layers hold: `npm run lint` runs the dependency checker with the rules in
// .dependency-cruiser.cjs; this checks the rules themselves bite, and that every server module is
// marked server-only but those the server in front of Next.js (scripts/serve.ts) and next.config.ts
// load outside the React server graph — where the marker would stop `npm start`.
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

/** The ids of the lint rules `source` breaks when it is the file `file`. */
function lint(file: string, source: string): string[] {
  try {
    execFileSync(path.join("node_modules", ".bin", "eslint"), ["--stdin", "--stdin-filename", file, "--format", "json"], { input: source, encoding: "utf8" });
    return [];
  } catch (error) {
    const [report] = JSON.parse((error as { stdout: string }).stdout) as { messages: { ruleId: string }[] }[];
    return report.messages.map((m) => m.ruleId);
  }
}

describe("layers", () => {
  it("every server module is server-only, but those loaded outside the React server graph", () => {
    const outside = new Set(cruise("scripts/serve.ts", "next.config.ts").modules.map((m) => m.source).filter((s) => s.startsWith("lib/server/")));
    expect(outside.size).toBeGreaterThan(0);
    const marked = (file: string) => /^import "server-only";$/m.test(fs.readFileSync(file, "utf8"));
    expect(serverFiles.filter((file) => !outside.has(file) && !marked(file))).toEqual([]);
    expect([...outside].filter(marked)).toEqual([]);
  }, 60_000);

  it("the rules refuse an import up the layers and a circle", () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), "lib", "server", "platform", ".layers-"));
    const probe = path.join(dir, "probe.ts");
    const circle = path.join(dir, "circle.ts");
    try {
      fs.writeFileSync(probe, 'import { route } from "@/lib/server/http";\nimport "./circle";\nexport const x = route;\n');
      fs.writeFileSync(circle, 'import { x } from "./probe";\nexport const y = x;\n');
      const rules = cruise(path.relative(process.cwd(), probe)).summary.violations.map((v) => v.rule.name);
      expect(rules).toEqual(expect.arrayContaining(["platform-at-the-bottom", "http-above-domains", "no-circular"]));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("the tree as it stands breaks no rule", () => {
    const { summary } = cruise("app", "components", "lib", "proxy.ts", "instrumentation.ts", "next.config.ts");
    expect(summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it("SQL stays in stores: the lint rule refuses a query in a use case and allows it in a store", () => {
    const query = 'import { getDb, sqlOf } from "@/lib/server/db";\nexport const a = () => getDb().$queryRaw`SELECT 1`;\nexport const b = () => sqlOf();\n';
    expect(lint("lib/server/ledger/use-case.ts", query)).toEqual(["no-restricted-syntax", "no-restricted-syntax", "no-restricted-syntax"]);
    expect(lint("components/bank/screen.tsx", query)).toContain("no-restricted-syntax");
    expect(lint("lib/server/ledger/store-history.ts", query)).toEqual([]);
    expect(lint("lib/server/db/claim.ts", query)).toEqual([]);
  }, 120_000);

  it("the browser ships one language: the lint rule refuses every dictionary in screens and allows it on the server", () => {
    const english = 'import { en } from "@/lib/shared/strings-en";\nexport const title = en.appName;\n';
    const every = 'import { DICTIONARIES } from "@/lib/shared/i18n";\nexport const title = DICTIONARIES.en.appName;\n';
    expect(lint("components/bank/screen.tsx", english)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/client/probe.ts", every)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/shared/probe.ts", every)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/server/notifications/probe.ts", every)).toEqual([]);
    expect(lint("app/api/v1/probe/route.ts", english)).toEqual([]);
  }, 120_000);

  it("the forms' and feature screens' texts stay out of the wallet: only their hooks import them in the browser", () => {
    const features = 'import { ruFeatures } from "@/lib/shared/strings-features";\nexport const title = ruFeatures.splits.title;\n';
    const english = 'import { enFeatures } from "@/lib/shared/strings-en-features";\nexport const title = enFeatures.splits.title;\n';
    expect(lint("components/bank/screen.tsx", features)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/client/probe.ts", features)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("components/splits/probe.tsx", english)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/shared/probe.ts", english)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/client/feature-strings.ts", features)).toEqual([]);
    const forms = 'import { ruForms } from "@/lib/shared/strings-forms";\nexport const title = ruForms.login.title;\n';
    expect(lint("components/bank/wallet-tab.tsx", forms)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/client/form-strings.ts", forms)).toEqual([]);
    expect(lint("lib/server/notifications/probe.ts", english)).toEqual([]);
  }, 120_000);

  it("the texts only the server says never reach the browser", () => {
    const server = 'import { ruServer } from "@/lib/shared/strings-server";\nexport const title = ruServer.bot.openButton;\n';
    expect(lint("components/bank/screen.tsx", server)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/client/feature-strings.ts", server)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("app/bank/page.tsx", server)).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(lint("lib/server/notifications/probe.ts", server)).toEqual([]);
  }, 120_000);
});
