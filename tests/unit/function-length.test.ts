// Functions a reader can hold: no function, arrow, method or component in the application's own code
// (app/, components/, lib/, scripts/) runs longer than MAX_LINES lines of body. The parser is the
// TypeScript compiler's own, so JSX, generics and nested callbacks are read as the build reads them.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The longest body, in lines, a function may have (from its opening brace to its closing one). */
const MAX_LINES = 80;
const FOLDERS = ["app", "components", "lib", "scripts"];
const SKIPPED = new Set(["generated", "node_modules"]);

export type LongFunction = { file: string; name: string; line: number; lines: number };

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A readable name: the function's own, else the variable, property or call it is handed to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  if (ts.isExportAssignment(parent)) return "default export";
  return "(anonymous)";
}

/** Every function longer than `max` lines in the given files' text. */
export function longFunctions(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration & { body: ts.Node };
      const first = source.getLineAndCharacterOfPosition(fn.body.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.body.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file, name: nameOf(fn, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("function length", () => {
  it("measures a body from its opening brace to its closing one, nested functions included", () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i};`).join("\n");
    const text = `export function Long() {\n${body}\n  return () => {\n    return 1;\n  };\n}\nconst short = () => 1;\n`;
    expect(longFunctions("x.tsx", text, 10)).toEqual([]);
    expect(longFunctions("x.tsx", text, 9)).toEqual([{ file: "x.tsx", name: "Long", line: 1, lines: 10 }]);
    const arrow = `const Screen = () => {\n${body}\n  return <div>{[1].map((n) => {\n${body}\n    return n;\n  })}</div>;\n};\n`;
    expect(longFunctions("x.tsx", arrow, 10).map((f) => f.name)).toEqual(["Screen"]);
  });

  it(`no function in ${FOLDERS.join(", ")} is longer than ${MAX_LINES} lines`, () => {
    const long = FOLDERS.flatMap(sourceFiles).flatMap((file) => longFunctions(file, fs.readFileSync(file, "utf8")));
    expect(long.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
  }, 60_000);
});
