import path from "node:path";
// The matcher Next.js applies to next.config.ts header rules, so the rules are judged as served.
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { allowHeaderRules, routeMethods } from "@/lib/server/http/route-methods";

const APP = path.resolve(__dirname, "../../app");
const routes = routeMethods(APP);
const allowOf = (methods: string[]) => (methods.includes("GET") ? [...methods, "HEAD"] : methods).join(", ");
const isDynamic = (segment: string) => /^\[\w+\]$/.test(segment);

/**
 * The methods of the route Next.js serves the path with: of the routes matching it, the one that
 * has a static segment where each other has a dynamic one first.
 */
function expectedAllow(pathname: string): string | null {
  const parts = pathname.replace(/^\/api\//i, "").replace(/\/$/, "").split("/");
  const matching = routes.filter(
    ({ segments }) =>
      segments.length === parts.length &&
      segments.every((s, i) => isDynamic(s) || s.toLowerCase() === parts[i].toLowerCase()),
  );
  const served = matching.find(({ segments }) =>
    matching.every((other) => {
      const i = segments.findIndex((s, k) => isDynamic(s) !== isDynamic(other.segments[k]));
      return i < 0 || !isDynamic(segments[i]);
    }),
  );
  return served ? allowOf(served.methods) : null;
}

/** Every route's path with its dynamic segments filled in by a value, and by each sibling's static name. */
function samplePaths(): string[] {
  const names = new Set(routes.flatMap(({ segments }) => segments.filter((s) => !isDynamic(s))));
  const paths = new Set<string>();
  for (const { segments } of routes) {
    for (const fill of ["x", "42", "a%40b.c", ...names]) {
      paths.add(`/api/${segments.map((s) => (isDynamic(s) ? fill : s)).join("/")}`);
    }
  }
  return [...paths];
}

describe("Allow header rules (next.config.ts)", () => {
  const rules = allowHeaderRules(APP).map((rule) => ({ match: getPathMatch(rule.source, { removeUnnamedParams: true }), allow: rule.headers[0].value }));

  it("are one rule per distinct Allow value, not one per route", () => {
    expect(rules.length).toBe(new Set(routes.map((r) => allowOf(r.methods))).size);
    expect(routes.length).toBeGreaterThan(rules.length * 3);
  });

  it("give every path the methods of the most specific route serving it, from exactly one rule", () => {
    const paths = samplePaths();
    expect(paths).toEqual(expect.arrayContaining(["/api/health", "/api/v1/users/by-wallet/notifications", "/api/v1/transfers/x"]));
    for (const pathname of [...paths, ...paths.map((p) => `${p}/`), ...paths.map((p) => p.toUpperCase())]) {
      const given = rules.filter((rule) => rule.match(pathname)).map((rule) => rule.allow);
      const expected = expectedAllow(pathname);
      expect({ pathname, given }).toEqual({ pathname, given: expected ? [expected] : [] });
    }
  });

  it("send the methods a route exports, HEAD with GET", () => {
    const allowFor = (pathname: string) => rules.find((rule) => rule.match(pathname))?.allow;
    expect(allowFor("/api/health")).toBe("GET, HEAD");
    expect(allowFor("/api/v1/transfers")).toMatch(/^POST/);
    expect(allowFor("/api/v1/transfers/recipients")).toBe("GET, HEAD");
    expect(allowFor("/api/v1/users/7/notifications")).toBe("PUT");
    // Served by users/by-wallet/{number}, not users/{id}/notifications.
    expect(allowFor("/api/v1/users/by-wallet/notifications")).toBe("GET, HEAD");
    expect(allowFor("/api/v1/transfers/123")).toBe("GET, HEAD");
    expect(allowFor("/api/nothing/here")).toBeUndefined();
  });
});
