import { GET } from "@/app/api/v1/openapi.json/route";
import { lintDocument } from "@/scripts/contract/lint";
import { call } from "@/tests/support/api";

jest.setTimeout(60_000);

describe("the served OpenAPI document under Spectral (spectral:oas, all rules, and ours)", () => {
  it("has no error and no warning", async () => {
    const doc = (await call(GET)).body;
    const findings = await lintDocument(JSON.stringify(doc));
    expect(findings.map((f) => `${f.severity} ${f.code} ${f.path}: ${f.message}`)).toEqual([]);
  });
});
