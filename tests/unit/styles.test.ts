// The styles live beside their components: app/globals.css keeps the tokens and the primitives
// every screen uses by class name, and each component imports the CSS file of any other class it
// uses. A missing import shows nowhere in jsdom (CSS is not loaded there) and only on the routes
// that happen not to load the file through another component, so it is checked here.
import fs from "node:fs";
import path from "node:path";

const read = (file: string) => fs.readFileSync(file, "utf8");
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
const classesOf = (css: string) => new Set([...withoutComments(css).matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]));

function filesUnder(dir: string, pattern: RegExp): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => pattern.test(f)).map((f) => path.join(dir, f));
}

const GLOBALS = "app/globals.css";
const componentCss = filesUnder("components", /(?<!\.module)\.css$/);
const code = [...filesUnder("components", /\.tsx?$/), ...filesUnder("app", /\.tsx$/)];

/**
 * Class name → the component CSS file whose own rules it has (its first class in a selector);
 * a class another file only restyles inside something of its own (`.settings-language .segmented`)
 * belongs to its owner.
 */
const definedIn = new Map<string, string[]>();
for (const file of componentCss) {
  for (const name of classesOf(read(file))) definedIn.set(name, [...(definedIn.get(name) ?? []), file]);
}
const ownerOf = new Map<string, string>();
for (const file of componentCss) for (const name of leadingClasses(read(file))) ownerOf.set(name, file);
const globalClasses = classesOf(read(GLOBALS));

/** The expression after `className=`: a string, or a braced expression with its braces balanced. */
function classExpressions(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/className=/g)) {
    let i = match.index + "className=".length;
    if (source[i] === '"') {
      out.push(source.slice(i, source.indexOf('"', i + 1) + 1));
      continue;
    }
    let depth = 0;
    const start = i;
    do {
      if (source[i] === "{") depth++;
      else if (source[i] === "}") depth--;
      i++;
    } while (depth > 0 && i < source.length);
    out.push(source.slice(start, i));
  }
  // useShake toggles its class by hand.
  for (const match of source.matchAll(/classList\.(?:add|remove|toggle)\(("[^"]*")/g)) out.push(match[1]);
  return out;
}

/** Class names a file puts on elements; `history-${direction}` stands for every `history-…` class defined. */
function classesUsed(source: string): Set<string> {
  const used = new Set<string>();
  for (const expression of classExpressions(source)) {
    for (const literal of expression.match(/"[^"]*"|'[^']*'|`[^`]*`/g) ?? []) {
      const text = literal.slice(1, -1);
      for (const word of text.replace(/\$\{[^}]*\}/g, " ").split(/\s+/)) if (word) used.add(word);
      for (const [, prefix] of text.matchAll(/([\w-]+-)\$\{/g)) {
        for (const name of [...definedIn.keys(), ...globalClasses]) if (name.startsWith(prefix)) used.add(name);
      }
    }
  }
  return used;
}

/** The CSS files a module imports, as paths from the project root. */
function cssImports(file: string, source: string): Set<string> {
  return new Set(
    [...source.matchAll(/^import\s+"([^"]+\.css)";$/gm)].map(([, spec]) =>
      spec.startsWith("@/") ? spec.slice(2) : path.join(path.dirname(file), spec),
    ),
  );
}

describe("styles beside their components", () => {
  it("app/globals.css holds the tokens and primitives only: at most 400 lines", () => {
    expect(read(GLOBALS).split("\n").length).toBeLessThanOrEqual(400);
  });

  it("each class has its own rules in one file: globals.css or one component's file", () => {
    const owners = new Map<string, string[]>();
    for (const file of [GLOBALS, ...componentCss]) {
      for (const name of leadingClasses(read(file))) owners.set(name, [...(owners.get(name) ?? []), file]);
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it("every component imports the CSS file of each class it uses that globals.css does not style", () => {
    const missing: string[] = [];
    for (const file of code) {
      const source = read(file);
      const imported = cssImports(file, source);
      for (const name of classesUsed(source)) {
        const owner = ownerOf.get(name);
        if (!owner || globalClasses.has(name)) continue;
        if (!imported.has(owner)) missing.push(`${file}: .${name} (${owner})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every component CSS file is imported by a component", () => {
    const imported = new Set(code.flatMap((file) => [...cssImports(file, read(file))]));
    expect(componentCss.filter((css) => !imported.has(css))).toEqual([]);
  });
});

/**
 * The classes a file's rules are about: the first class of each selector (`.choice` in
 * `.choice .list-item-text`, which restyles a primitive inside a picker).
 */
function leadingClasses(css: string): Set<string> {
  const selectors = (withoutComments(css).match(/[^{}]+(?=\{)/g) ?? []).flatMap((list) => list.split(","));
  return new Set(selectors.map((s) => /^\s*[a-z]*\.([\w-]+)/.exec(s)?.[1]).filter((name): name is string => name !== undefined));
}
