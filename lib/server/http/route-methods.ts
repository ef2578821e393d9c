import fs from "node:fs";
import path from "node:path";

/** An API route file: its path pattern, as segments under /api, and the methods it exports. */
export type RouteMethods = { segments: string[]; methods: string[] };

/** Every `app/api/**\/route.ts` and the HTTP methods it exports, read from the files. */
export function routeMethods(appDir: string): RouteMethods[] {
  const apiDir = path.join(appDir, "api");
  const files = (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts");
  return files.map((file) => {
    const source = fs.readFileSync(path.join(apiDir, file), "utf8");
    const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    const segments = path.dirname(file).split(path.sep).filter((s) => s !== ".");
    return { segments, methods };
  });
}

const isDynamic = (segment: string) => /^\[\w+\]$/.test(segment);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The route's path under /api as a regular expression (a dynamic segment is any one segment). */
const pattern = (segments: string[]) => segments.map((s) => (isDynamic(s) ? "[^/]+" : escape(s))).join("/");
/**
 * Orders routes from the least specific to the most, as Next.js picks between routes matching one
 * path: at the first segment where one is dynamic and the other is not, the static one wins.
 */
export function bySpecificity(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (isDynamic(a[i]) !== isDynamic(b[i])) return isDynamic(a[i]) ? -1 : 1;
  }
  return 0;
}
/** Whether some path matches both routes. */
const overlap = (a: string[], b: string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i] || isDynamic(s) || isDynamic(b[i]));

/**
 * The HTTP methods each API route file exports, as next.config.ts header rules: `Allow` on every
 * answer of the path, so that the 405 Next.js gives a method the route does not export carries the
 * header HTTP requires of it (RFC 9110 §15.5.6). Read from the route files at build time.
 *
 * One rule per distinct `Allow` value (a handful), not one per route (forty-odd): Next.js tries
 * every header rule's pattern on every request, so the rule count is a cost each request pays.
 * Where two routes match one path (`/api/v1/users/by-wallet/notifications`: both
 * `users/{id}/notifications` and `users/by-wallet/{number}`), the value sent is that of the route
 * Next.js serves it with: routes are ranked by specificity, and each route's alternative excludes
 * the paths of the more specific routes that answer another value — so the rules never overlap
 * and their order does not matter.
 */
export function allowHeaderRules(appDir: string): { source: string; headers: { key: string; value: string }[] }[] {
  const routes = routeMethods(appDir).map(({ segments, methods }) => ({
    segments,
    // GET routes answer HEAD too (Next.js derives it).
    allow: (methods.includes("GET") ? [...methods, "HEAD"] : methods).join(", "),
  }));
  const ranked = routes.sort((a, b) => bySpecificity(a.segments, b.segments));
  const groups = new Map<string, string[]>();
  ranked.forEach((route, i) => {
    const shadowing = ranked
      .slice(i + 1)
      .filter((later) => later.allow !== route.allow && overlap(route.segments, later.segments))
      .map((later) => pattern(later.segments));
    const alternative = shadowing.length
      ? `(?!(?:${shadowing.join("|")})/?$)${pattern(route.segments)}`
      : pattern(route.segments);
    groups.set(route.allow, [...(groups.get(route.allow) ?? []), alternative]);
  });
  return [...groups].map(([allow, alternatives]) => ({
    source: `/api/:route(${alternatives.join("|")})`,
    headers: [{ key: "Allow", value: allow }],
  }));
}
