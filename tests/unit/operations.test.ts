import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { API_ROUTES } from "@/app/api/v1/openapi.json/routes";
import { isMoneyKey } from "@/lib/client/transfer/submit";
import { anyAnswer } from "@/lib/shared/api/dtos";
import { isPathOf, operations, pathOf, type Operation } from "@/lib/shared/api/operations";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { zodOf } from "@/lib/shared/schemas/from-check";

const routes = [...API_ROUTES, openApiRoute];
// Both tables: what every screen calls, and what the feature screens call.
const entries = Object.entries({ ...operations, ...featureOperations }) as [string, Operation][];

describe("the operations table and the routes", () => {
  it.each(entries)("%s is a route with the entry's method, path, answer, auth and idempotency", (_, operation) => {
    const found = routes.filter(({ contract }) => contract.method === operation.method && contract.path === operation.path);
    expect(found).toHaveLength(1);
    const { contract } = found[0];
    // The same schema object: the route's contract was made from this entry, not restated.
    expect(contract.ok.schema).toBe(operation.response === anyAnswer ? undefined : zodOf(operation.response));
    expect(contract.auth === false).toBe(Boolean(operation.anonymous));
    expect(Boolean(contract.idempotent)).toBe(Boolean(operation.idempotent));
  });
});

describe("pathOf", () => {
  it("fills the template's names, URL-encoded", () => {
    expect(pathOf(operations.wallets)).toBe("/api/v1/wallet");
    expect(pathOf(operations.receipt, { id: 12 })).toBe("/api/v1/transfers/12");
    expect(pathOf(operations.userByEmail, { email: "a b@x.ru" })).toBe("/api/v1/users/email/a%20b%40x.ru");
    expect(pathOf(featureOperations.payRequest, { token: "abc_DEF-123" })).toBe("/api/v1/requests/abc_DEF-123/pay");
  });

  it("appends the query in the order given and leaves out undefined values", () => {
    expect(pathOf(operations.history, { walletId: 3 }, { limit: 50, cursor: undefined })).toBe("/api/v1/transfers/wallet/3?limit=50");
    expect(pathOf(featureOperations.statement, { walletId: 3 }, { from: "2026-11-01", to: "2026-11-26", tz: -180 })).toBe(
      "/api/v1/statements/wallet/3?from=2026-11-01&to=2026-11-26&tz=-180",
    );
  });

  it("refuses a template name without a value", () => {
    expect(() => pathOf(operations.receipt, {})).toThrow("no value for {id}");
  });
});

describe("invalidation by operation", () => {
  it("isPathOf matches an operation's paths whatever their values, and nothing else", () => {
    expect(isPathOf(operations.receipt, "/api/v1/transfers/12")).toBe(true);
    expect(isPathOf(operations.history, "/api/v1/transfers/wallet/3?limit=50")).toBe(true);
    expect(isPathOf(operations.history, "/api/v1/transfers/wallet/3/more")).toBe(false);
    expect(isPathOf(operations.wallets, "/api/v1/wallets/user/3")).toBe(false);
  });

  it("after money moves: the own wallets and the reads under /transfers/, never requests, rates or profiles", () => {
    for (const key of [
      "/api/v1/wallet",
      "/api/v1/transfers/recipients",
      "/api/v1/transfers/12",
      "/api/v1/transfers/wallet/3?limit=50",
      "/api/v1/transfers/username/4",
    ]) {
      expect([key, isMoneyKey(key)]).toEqual([key, true]);
    }
    for (const key of ["/api/v1/users/me", "/api/v1/rates/USD", "/api/v1/requests", "/api/v1/wallets/user/3", ["transfers-of", 1, 2]]) {
      expect([key, isMoneyKey(key)]).toEqual([key, false]);
    }
  });
});
