import { corsHeaders, preflightHeaders } from "@/lib/server/http/cors";
import { parseCorsOrigins } from "@/lib/server/platform/network";

const allowed = ["https://app.example.com", "http://127.0.0.1:3400"];

describe("CORS for /api/v1", () => {
  it("CORS_ORIGINS is a comma-separated list of origins; anything else is named", () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(" ")).toEqual([]);
    expect(parseCorsOrigins("https://app.example.com, http://127.0.0.1:3400/")).toEqual(allowed);
    for (const bad of ["*", "app.example.com", "https://app.example.com/path", "ftp://x.example", "null"]) {
      expect(() => parseCorsOrigins(bad)).toThrow(/CORS_ORIGINS/);
    }
  });

  it("echoes an allowed origin with credentials, never *, and always varies on Origin", () => {
    expect(corsHeaders("https://app.example.com", allowed)).toEqual({
      "Access-Control-Allow-Origin": "https://app.example.com",
      "Access-Control-Allow-Credentials": "true",
      Vary: "Origin",
    });
    for (const origin of ["https://evil.example", "https://app.example.com.evil.example", "null", null]) {
      expect(corsHeaders(origin, allowed)).toEqual({ Vary: "Origin" });
    }
    expect(corsHeaders("https://app.example.com", [])).toEqual({ Vary: "Origin" });
  });

  it("answers a preflight from an allowed origin with the methods and headers the API takes", () => {
    expect(preflightHeaders("http://127.0.0.1:3400", allowed)).toMatchObject({
      "Access-Control-Allow-Origin": "http://127.0.0.1:3400",
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Allow-Headers": expect.stringMatching(/Authorization.*Idempotency-Key/),
      "Access-Control-Allow-Methods": expect.stringContaining("PUT"),
    });
    expect(preflightHeaders("https://evil.example", allowed)).toEqual({ Vary: "Origin" });
  });
});
