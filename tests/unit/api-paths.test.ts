import fs from "node:fs";
import path from "node:path";

/**
 * The browser reaches the API only through the operations table (lib/shared/api/operations.ts)
 * and the client built on it (lib/client/api.ts): no screen, page or client module spells an
 * `/api/v1` path in a string. Comments may name paths.
 */
const ROOTS = ["components", "app", "lib/client"];
/** Route handlers are the server side of the table. */
const SERVER = path.join("app", "api") + path.sep;
const LITERAL = /["'`]\/api\/v1\b/;

function sources(root: string): string[] {
  return (fs.readdirSync(path.join(process.cwd(), root), { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(root, file))
    .filter((file) => !file.startsWith(SERVER));
}

/** `/api/v1` string literals of a source, as "file:line: text", comment lines left out. */
export function pathLiterals(file: string, source: string): string[] {
  return source
    .split("\n")
    .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && LITERAL.test(line))
    .map(({ line, at }) => `${at}: ${line.trim()}`);
}

describe("API paths in the browser's code", () => {
  it("finds a literal where there is one (the check itself works)", () => {
    expect(pathLiterals("x.ts", 'const a = 1;\n  await fetch("/api/v1/wallet");\n')).toEqual(['x.ts:2: await fetch("/api/v1/wallet");']);
    expect(pathLiterals("x.ts", "mutate(`/api/v1/requests/${token}`);")).toHaveLength(1);
    expect(pathLiterals("x.ts", ' * POST "/api/v1/transfers" in a comment')).toEqual([]);
  });

  it("spells no /api/v1 path outside the operations table", () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => pathLiterals(file, fs.readFileSync(path.join(process.cwd(), file), "utf8")));
    expect(found).toEqual([]);
  });
});
