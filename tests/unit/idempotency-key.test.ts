import { z } from "zod";
import { route } from "@/lib/server/http";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { call } from "@/tests/support/api";

// The route wrapper reads the Idempotency-Key once, for the routes whose contract honours it.

const base = { method: "POST", tag: "transfers", auth: false, body: z.object({ n: z.number() }), ok: { status: 200, schema: z.object({ key: z.string().nullable() }) } } as const;
const path = "/api/v1/test";

const idempotent = route({ ...base, path, summary: "idempotent", idempotent: true }, async ({ idempotencyKey }) => ({ key: idempotencyKey }));
const plain = route({ ...base, path, summary: "not idempotent" }, async (context) => {
  // @ts-expect-error -- a route that does not honour the key is not handed one
  const key: unknown = context.idempotencyKey;
  return { key: "idempotencyKey" in context ? `handed ${String(key)}` : "none" };
});

const send = (handler: typeof idempotent, key?: string, rawBody?: string) =>
  call(handler, { path, ...(rawBody === undefined ? { body: { n: 1 } } : { method: "POST", rawBody }), headers: key === undefined ? {} : { "idempotency-key": key } });

const refused = { message: DICTIONARIES.ru.errors.idempotencyKeyInvalid, code: "VALIDATION_ERROR" };

describe("the Idempotency-Key, read by the route wrapper", () => {
  it("hands an idempotent route's handler the key, trimmed, or null when none was sent", async () => {
    expect(await send(idempotent, "  k-1 ")).toMatchObject({ status: 200, body: { key: "k-1" } });
    expect(await send(idempotent, "k".repeat(128))).toMatchObject({ status: 200, body: { key: "k".repeat(128) } });
    expect(await send(idempotent)).toMatchObject({ status: 200, body: { key: null } });
  });

  it("refuses an empty or over-long key with 400 and words that say so", async () => {
    for (const key of ["", "   ", "k".repeat(129)]) {
      expect(await send(idempotent, key)).toEqual(expect.objectContaining({ status: 400, body: refused }));
    }
  });

  it("checks the key after the body, as the use cases did", async () => {
    expect((await send(idempotent, "k".repeat(129), "{")).body.code).toBe("INVALID_JSON");
  });

  it("neither reads nor checks the key of a route that does not honour it", async () => {
    expect(await send(plain, "k".repeat(129))).toMatchObject({ status: 200, body: { key: "none" } });
    expect(await send(plain, "")).toMatchObject({ status: 200, body: { key: "none" } });
  });
});
