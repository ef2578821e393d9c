// Every API route file is discovered on disk and every method it exports is called without a
// token (and with a forged one): all of /api/v1 except the public routes below must answer 401.
// New endpoints are covered automatically.
import fs from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { call } from "@/tests/support/api";

const API_DIR = path.join(process.cwd(), "app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Public by design: sign-in, generated avatars, demo-only helpers, the OpenAPI document, and
 * statement files (a signed link is their authority: tests/api/statements.test.ts).
 */
const PUBLIC_PREFIXES = [
  "/api/v1/auth/",
  "/api/v1/avatars/",
  "/api/v1/demo/",
  "/api/v1/openapi.json",
  "/api/v1/statements/csv",
  "/api/v1/statements/pdf",
];

type RouteFile = { file: string; pattern: string; path: string; params: Record<string, string | string[]> };

function discover(): RouteFile[] {
  return fs
    .readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
    .filter((rel) => /(^|[\\/])route\.(ts|tsx|js)$/.test(rel))
    .map((rel) => {
      const segments = path.dirname(rel).split(/[\\/]/).filter((s) => s && s !== ".");
      const params: Record<string, string | string[]> = {};
      const concrete = segments.map((segment) => {
        const match = /^\[{1,2}(\.\.\.)?(\w+)\]{1,2}$/.exec(segment);
        if (!match) return segment;
        params[match[2]] = match[1] ? ["1"] : "1";
        return "1";
      });
      return {
        file: path.join(API_DIR, rel),
        pattern: ["/api/v1", ...segments].join("/"),
        path: ["/api/v1", ...concrete].join("/"),
        params,
      };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

const isPublic = (pattern: string) =>
  PUBLIC_PREFIXES.some((prefix) => pattern === prefix || pattern.startsWith(prefix));

const routes = discover();
const protectedRoutes = routes.filter((r) => !isPublic(r.pattern));

type Handler = Parameters<typeof call>[0];

describe("unauthenticated requests", () => {
  it("finds the route files, including known protected and public ones", () => {
    const patterns = routes.map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/api/v1/users/me", "/api/v1/users/[id]/notifications"]));
    for (const prefix of PUBLIC_PREFIXES.filter((p) => p !== "/api/v1/openapi.json")) {
      expect(patterns.some((p) => p.startsWith(prefix))).toBe(true);
    }
  });

  describe.each(protectedRoutes.map((r) => [r.pattern, r] as const))("%s", (_pattern, routeFile) => {
    it("answers 401 to every exported method without a token or with a forged one", async () => {
      const mod = (await import(routeFile.file)) as Partial<Record<(typeof METHODS)[number], Handler>>;
      const exported = METHODS.filter((m) => typeof mod[m] === "function");
      expect(exported.length).toBeGreaterThan(0);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("1")
        .setExpirationTime("15m")
        .sign(new TextEncoder().encode("not-the-server-secret-but-long-enough-0123456789"));
      for (const method of exported) {
        for (const token of [undefined, forged]) {
          const res = await call(mod[method]!, {
            method,
            path: routeFile.path,
            params: routeFile.params as Record<string, string>,
            token,
            ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
          });
          expect({ method, token: token ? "forged" : "none", status: res.status, code: res.body?.code }).toEqual({
            method,
            token: token ? "forged" : "none",
            status: 401,
            code: "UNAUTHORIZED",
          });
        }
      }
    });
  });
});
