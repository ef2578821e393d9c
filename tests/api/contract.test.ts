import { z } from "zod";
import type { Contract } from "@/lib/server/http/contract";
import { AppError } from "@/lib/server/platform/errors";
import { json, route } from "@/lib/server/http";
import { call } from "@/tests/support/api";

// Every answer of the API is held to its route's declared contract outside production; these
// cases show a breach turning into a 500 (so any test that meets one fails), and production
// serving the answer as it is.

const contract = {
  method: "GET",
  path: "/api/v1/example",
  summary: "example",
  tag: "meta",
  auth: false,
  ok: { status: 200, schema: z.object({ id: z.number().int() }) },
  errors: ["USER_NOT_FOUND"],
} as const satisfies Contract;

function handlerAnswering(answer: () => Promise<unknown>) {
  // The handler's declared type would refuse these bodies; that is the point of the cases.
  return route(contract, answer as () => Promise<{ id: number }>);
}

describe("the contract of a route", () => {
  it("lets a conforming success and a declared error through", async () => {
    expect((await call(handlerAnswering(async () => ({ id: 1 })))).status).toBe(200);
    const refused = await call(handlerAnswering(async () => Promise.reject(new AppError("USER_NOT_FOUND"))));
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("USER_NOT_FOUND");
  });

  it.each([
    ["a body its schema refuses", async () => ({ id: "1" })],
    ["a body missing a required field", async () => ({})],
    ["an error code the route does not declare", async () => Promise.reject(new AppError("INSUFFICIENT_FUNDS"))],
    ["another success status", async () => json({ id: 1 }, 201)],
    ["a declared code at another status", async () => json({ message: "нет", code: "USER_NOT_FOUND" }, 400)],
    ["an error without the {message, code} shape", async () => json({ error: "no" }, 404)],
  ])("turns %s into a 500 outside production", async (_case, answer) => {
    const res = await call(handlerAnswering(answer));
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("INTERNAL_ERROR");
  });

  it("is not checked in a production build (the answer goes out as it is)", async () => {
    const env = process.env as Record<string, string | undefined>;
    const saved = env.NODE_ENV;
    env.NODE_ENV = "production";
    try {
      const res = await call(handlerAnswering(async () => ({ id: "1" })));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: "1" });
    } finally {
      env.NODE_ENV = saved;
    }
  });

  it("implies the errors of auth, body parsing and idempotency", async () => {
    const { answerableErrors } = await import("@/lib/server/http/contract");
    const codes = answerableErrors({
      ...contract,
      auth: true,
      body: z.object({}),
      idempotent: true,
      errors: [],
    });
    expect(codes.sort()).toEqual(
      ["UNAUTHORIZED", "VALIDATION_ERROR", "INVALID_JSON", "PAYLOAD_TOO_LARGE", "REQUEST_ABORTED", "IDEMPOTENCY_MISMATCH", "UNAVAILABLE", "INTERNAL_ERROR"].sort(),
    );
  });
});
