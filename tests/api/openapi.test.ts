import fs from "node:fs";
import path from "node:path";
import { GET } from "@/app/api/v1/openapi.json/route";
import { API_ROUTES } from "@/app/api/v1/openapi.json/routes";
import { call } from "@/tests/support/api";

const apiDir = path.join(process.cwd(), "app/api");

/** Every route file under app/api as [OpenAPI path, lower-case method]. */
function routeOperations(): [string, string][] {
  const files = (fs.readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => f.endsWith("route.ts"));
  const operations: [string, string][] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(apiDir, file), "utf8");
    const routePath = `/api/${path.dirname(file).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
    const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)];
    expect(methods.length).toBeGreaterThan(0);
    for (const [, method] of methods) operations.push([routePath, method.toLowerCase()]);
  }
  return operations;
}

describe("GET /api/v1/openapi.json", () => {
  it("is public and answers an OpenAPI 3.1 document", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(res.body.components.schemas.Error.required).toEqual(["message", "code"]);
  });

  it("lists every route module, each handler's contract naming its own file's path and method", async () => {
    const declared = [...API_ROUTES, GET].map(({ contract }) => `${contract.method.toLowerCase()} ${contract.path}`).sort();
    expect(declared).toEqual(routeOperations().map(([p, m]) => `${m} ${p}`).sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("describes every route file's path and method, and nothing that does not exist", async () => {
    const { paths } = (await call(GET)).body as { paths: Record<string, Record<string, unknown>> };
    const operations = routeOperations();
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const missing = operations.filter(([p, m]) => !paths[p]?.[m]).map(([p, m]) => `${m.toUpperCase()} ${p}`);
    expect(missing).toEqual([]);
    const documented = Object.entries(paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    const existing = new Set(operations.map(([p, m]) => `${m} ${p}`));
    expect(documented.filter((op) => !existing.has(op))).toEqual([]);
  });

  it("carries request bodies from the zod schemas and bearer security on protected endpoints", async () => {
    const { paths } = (await call(GET)).body;
    const transfer = paths["/api/v1/transfers"].post;
    const body = transfer.requestBody.content["application/json"].schema;
    expect(body.required.sort()).toEqual(["amount", "receiverWalletId", "senderWalletId"]);
    expect(body.properties.amount.type).toBe("integer");
    expect(transfer.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(transfer.responses)).toEqual(expect.arrayContaining(["201", "401", "403", "404", "409", "422"]));
    expect(transfer.responses["422"].content["application/json"].schema).toEqual({
      allOf: [
        { $ref: "#/components/schemas/Error" },
        { properties: { code: { enum: ["INSUFFICIENT_FUNDS", "BALANCE_LIMIT", "SPENDING_LIMIT"] } } },
      ],
    });
    expect(transfer.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    const topUp = paths["/api/v1/wallet/topup"].post.requestBody.content["application/json"].schema;
    expect(topUp.properties.currency.enum).toEqual(["RUB", "USD", "EUR", "CNY"]);
    expect(topUp.properties.amount.maximum).toBe(100_000_000);
    expect(paths["/api/v1/auth/email/verify-code"].post.security).toEqual([]);
    const ok = paths["/api/v1/transfers/wallet/{walletId}"].get.responses["200"];
    expect(ok.content["application/json"].schema.type).toBe("array");
    expect(ok.headers["x-next-cursor"]).toBeDefined();
    // The history's page and its filters.
    const walletHistory = paths["/api/v1/transfers/wallet/{walletId}"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[];
    expect(walletHistory.map((p) => `${p.in}:${p.name}`)).toEqual([
      "path:walletId",
      "query:limit",
      "query:cursor",
      "query:q",
      "query:kind",
      "query:direction",
      "query:currency",
      "query:from",
      "query:to",
    ]);
    expect(walletHistory.find((p) => p.name === "kind")?.schema.enum).toEqual(["transfer", "topup", "exchange", "request", "pocket"]);
    expect(walletHistory.find((p) => p.name === "direction")?.schema.enum).toEqual(["in", "out"]);
    const history = paths["/api/v1/rates/{currency}/history"].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(history).toEqual(["path:currency", "query:from", "query:to"]);
  });
});

describe("the document, checked by an independent validator", () => {
  it("is a valid OpenAPI 3.1 document for @apidevtools/swagger-parser", async () => {
    const { default: SwaggerParser } = await import("@apidevtools/swagger-parser");
    const document = (await call(GET)).body;
    // validate() dereferences in place; give it a copy.
    const api = await SwaggerParser.validate(structuredClone(document));
    expect((api as { openapi?: string }).openapi).toBe("3.1.0");
    expect(Object.keys(api.paths ?? {}).length).toBeGreaterThanOrEqual(25);
  });

  it("is refused by that validator once broken (the check can fail)", async () => {
    const { default: SwaggerParser } = await import("@apidevtools/swagger-parser");
    const document = structuredClone((await call(GET)).body);
    document.paths["/api/v1/transfers"].post.responses = "none";
    await expect(SwaggerParser.validate(document)).rejects.toThrow();
  });
});
