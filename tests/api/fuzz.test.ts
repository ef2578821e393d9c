// Property-based fuzzing of every /api/v1 route handler: garbage bodies, path params, query
// strings and headers, with a real user's token. Whatever arrives, the answer is never a 5xx,
// and every refusal is JSON `{message, code}`. Routes are discovered from the file system, so a
// new endpoint is fuzzed without touching this file.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { signAccessToken } from "@/lib/server/auth/tokens";
import { MAX_BODY_BYTES } from "@/lib/server/http";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";

const API_ROOT = path.join(process.cwd(), "app", "api", "v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Handler = Parameters<typeof call>[0];
type Endpoint = { file: string; urlPath: string; params: string[]; method: string };

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Methods are read from the source, so the describe blocks exist before anything is imported. */
function discover(): Endpoint[] {
  return routeFiles(API_ROOT).flatMap((file) => {
    const rel = path.relative(API_ROOT, path.dirname(file)).split(path.sep).filter(Boolean);
    const source = fs.readFileSync(file, "utf8");
    const params = rel.filter((s) => /^\[.+\]$/.test(s)).map((s) => s.slice(1, -1));
    return METHODS.filter((m) => new RegExp(`export\\s+(const|async function|function)\\s+${m}\\b`).test(source)).map(
      (method) => ({ file, urlPath: `/api/v1/${rel.join("/")}`, params, method }),
    );
  });
}

const endpoints = discover();
/** Endpoints found to parse a JSON body (a malformed one is refused as INVALID_JSON). */
const bodyReaders = new Set<string>();

type Fixture = { tokens: string[]; ids: string[]; valid: Record<string, string> };
let fixture: Fixture;

beforeAll(async () => {
  await setRate("USD", 92_5000);
  await setRate("EUR", 100_2500);
  await setRate("CNY", 12_7500);
  const me = await createFundedUser({ RUB: 5_000_000, USD: 100_000 });
  const other = await createFundedUser({ EUR: 70_000 });
  const ghost = await signAccessToken(987_654_321); // a valid token of a user that does not exist
  const walletIds = [...Object.values(me.wallets), ...Object.values(other.wallets)].map(String);
  fixture = {
    tokens: [me.token, me.token, me.token, other.token, ghost, "garbage.token.value"],
    // A plausible value per path parameter, so the oversized-body check gets past param parsing.
    valid: { id: String(me.user.id), userId: String(other.user.id), walletId: walletIds[0], currency: "USD" },
    ids: [...walletIds, String(me.user.id), String(other.user.id), me.user.email ?? "", "0", "-1", "RUB", "USD"],
  };
});

afterAll(async () => {
  // Whatever the fuzzer managed to move, the books still balance.
  await checkInvariants();
});

const printable = fc
  .string({ unit: "grapheme-ascii", maxLength: 80 })
  .map((s) => s.replace(/[\x00-\x1f\x7f]/g, ""));

/** Path segment values: random text (any Unicode, encoded like a browser would), numbers, real ids. */
const paramValue = () =>
  fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }).map(encodeURIComponent),
    fc.string({ maxLength: 300 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.bigInt().map(String),
    fc.constantFrom(...fixture.ids).map(String),
    fc.constantFrom("%", "%E0%A4%A", "..", "%00", "null", "undefined", "1e309", " 1", "0x10"),
  );

const FIELDS = [
  "email", "code", "init_data", "refresh_token", "currency", "amount", "senderWalletId",
  "receiverWalletId", "enable", "from", "to", "__proto__", "constructor",
];

const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1, 0, 2 ** 53, 2 ** 63, 0.001, "100", "1,5", "RUB", "USD", true, null),
  fc.string({ maxLength: 300 }),
);

/** Raw request bodies: any JSON, near-valid objects with wild field values, and non-JSON text. */
const bodyText = fc.oneof(
  fc.json(),
  fc.anything().map((value) => {
    try {
      return JSON.stringify(value) ?? "";
    } catch {
      return String(value);
    }
  }),
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 5 }).map((o) => JSON.stringify(o)),
  fc.string({ maxLength: 200 }),
  fc.constant(""),
);

const queryString = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.oneof(fc.constantFrom("from", "to", "limit", "cursor", "currency"), fc.string({ maxLength: 10 })),
      fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String), fc.date().map((d) => {
        try {
          return d.toISOString().slice(0, 10);
        } catch {
          return "invalid";
        }
      })),
      { maxKeys: 4 },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
);

const headers = () =>
  fc.record(
    {
      authorization: fc.oneof(
        fc.constantFrom(...fixture.tokens).map((t) => `Bearer ${t}`),
        printable,
      ),
      "idempotency-key": printable,
      "content-type": fc.oneof(fc.constant("application/json"), printable),
      "x-request-id": printable,
      "x-forwarded-for": printable,
    },
    { requiredKeys: ["authorization"] },
  );

function assertWellFormed(res: { status: number; body: unknown; headers: Headers }, label: string) {
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.status >= 300) {
    const body = res.body as Record<string, unknown>;
    const ok =
      body !== null &&
      typeof body === "object" &&
      Object.keys(body).sort().join(",") === "code,message" &&
      typeof body.message === "string" &&
      body.message.length > 0 &&
      typeof body.code === "string" &&
      /^[A-Z_]+$/.test(body.code);
    if (!ok) throw new Error(`${label}: ${res.status} body is not {message, code}: ${JSON.stringify(body)}`);
  }
}

describe.each(endpoints.map((e) => [`${e.method} ${e.urlPath}`, e] as const))("%s", (_, endpoint) => {
  const hasBody = !["GET", "DELETE"].includes(endpoint.method);

  async function handler(): Promise<Handler> {
    const mod = (await import(endpoint.file)) as Record<string, Handler>;
    return mod[endpoint.method];
  }

  it("answers garbage with a 2xx or a JSON {message, code}, never a 5xx", async () => {
    const run = await handler();
    const params = fc.record(Object.fromEntries(endpoint.params.map((name) => [name, paramValue()])));
    await fc.assert(
      fc.asyncProperty(params, queryString, headers(), bodyText, async (p, query, h, body) => {
        const urlPath = endpoint.params.reduce((u, name) => u.replace(`[${name}]`, encodeURIComponent(p[name])), endpoint.urlPath);
        const res = await call(run, {
          method: endpoint.method,
          path: `${urlPath}${query}`,
          params: p,
          headers: h,
          rawBody: hasBody ? body : undefined,
        });
        assertWellFormed(res, `${endpoint.method} ${urlPath}${query}`);
      }),
      { numRuns: RUNS },
    );
  });

  if (hasBody) {
    it("refuses a body over 16 KB with 413 when it reads bodies", async () => {
      const run = await handler();
      const params = Object.fromEntries(endpoint.params.map((name) => [name, fixture.valid[name] ?? "1"]));
      const token = fixture.tokens[0];
      const malformed = await call(run, { method: endpoint.method, token, params, rawBody: "{" });
      assertWellFormed(malformed, "malformed JSON");
      const readsBody = malformed.body?.code === "INVALID_JSON";
      if (readsBody) bodyReaders.add(`${endpoint.method} ${endpoint.urlPath}`);
      const big = JSON.stringify({ email: "a@b.cd", padding: "x".repeat(MAX_BODY_BYTES) });
      for (const declared of [true, false]) {
        // With and without a truthful Content-Length: a chunked upload must be cut off too.
        const res = await call(run, {
          method: endpoint.method,
          token,
          params,
          rawBody: big,
          headers: declared ? { "content-length": String(Buffer.byteLength(big)) } : {},
        });
        assertWellFormed(res, "oversized body");
        if (readsBody) expect(res).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
      }
    });
  }
});

it("checked the size limit on every endpoint that takes a JSON body", () => {
  expect([...bodyReaders]).toEqual(
    expect.arrayContaining([
      "POST /api/v1/auth/email/request-code",
      "POST /api/v1/auth/email/verify-code",
      "POST /api/v1/auth/telegram/login",
      "POST /api/v1/auth/refresh",
      "POST /api/v1/wallet/topup",
      "POST /api/v1/transfers",
      "PUT /api/v1/users/[id]/notifications",
    ]),
  );
});

it("discovers the API's route files", () => {
  expect(endpoints.length).toBeGreaterThanOrEqual(20);
  expect(endpoints.map((e) => `${e.method} ${e.urlPath}`)).toEqual(
    expect.arrayContaining(["POST /api/v1/transfers", "GET /api/v1/wallet", "POST /api/v1/auth/email/verify-code"]),
  );
});
