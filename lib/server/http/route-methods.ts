import fs from "node:fs";
import path from "node:path";

/**
 * The HTTP methods each API route file exports, as next.config.ts header rules: `Allow` on every
 * answer of the path, so that the 405 Next.js gives a method the route does not export carries the
 * header HTTP requires of it (RFC 9110 §15.5.6). Read from the route files at build time.
 */
export function allowHeaderRules(appDir: string): { source: string; headers: { key: string; value: string }[] }[] {
  const apiDir = path.join(appDir, "api");
  const files = (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts");
  const rules = files.map((file) => {
    const source = fs.readFileSync(path.join(apiDir, file), "utf8");
    const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    const segments = path.dirname(file).split(path.sep).filter((s) => s !== ".");
    const route = `/api/${segments.map((s) => s.replace(/^\[(\w+)\]$/, ":$1")).join("/")}`.replace(/\/$/, "");
    // GET routes answer HEAD too (Next.js derives it).
    const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
    return { source: route, dynamic: segments.filter((s) => s.startsWith("[")).length, headers: [{ key: "Allow", value: allow.join(", ") }] };
  });
  // A later rule wins for the same header: a static path over a dynamic sibling that also matches it.
  return rules.sort((a, b) => b.dynamic - a.dynamic).map(({ source, headers }) => ({ source, headers }));
}
