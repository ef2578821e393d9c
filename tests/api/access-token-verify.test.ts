import fc from "fast-check";
import { SignJWT, jwtVerify, type JWTPayload } from "jose";
import { signAccessToken, verifyAccessToken } from "@/lib/server/auth/tokens";

const secret = new TextEncoder().encode(process.env.JWT_SECRET!);
const now = () => Math.floor(Date.now() / 1000);

/** A token as the app would sign it (with a session) but for what `claims` and `header` change. */
const sign = (claims: JWTPayload, header: Record<string, unknown> = {}, key = secret) =>
  new SignJWT({ sid: "session-1", ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT", ...header }).sign(key);

/** What jose's own verifier says (HS256 only): the user id, or null when it refuses. */
async function joseSays(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

describe("verifyAccessToken", () => {
  it("accepts the tokens the app issues, like jose does", async () => {
    for (const userId of [1, 42, 9_007_199_254_740_991]) {
      const token = await signAccessToken(userId, "session-1");
      expect(verifyAccessToken(token)).toEqual({ userId, sessionId: "session-1" });
      expect(await joseSays(token)).toBe(userId);
    }
  });

  it.each([
    ["expired a second ago", () => sign({ sub: "7", exp: now() - 1 })],
    ["expiring this very second", () => sign({ sub: "7", exp: now() })],
    ["not valid before a later time", () => sign({ sub: "7", exp: now() + 60, nbf: now() + 30 })],
    ["without an expiry (jose would accept it)", () => sign({ sub: "7" })],
    ["with a non-numeric iat", () => sign({ sub: "7", exp: now() + 60, iat: "yesterday" as unknown as number })],
    ["with a non-numeric subject", () => sign({ sub: "admin", exp: now() + 60 })],
    ["with subject 0", () => sign({ sub: "0", exp: now() + 60 })],
    ["with a numeric (not string) subject", () => sign({ sub: 7 as unknown as string, exp: now() + 60 })],
    ["without a session (issued before sessions were named)", () => sign({ sub: "7", exp: now() + 60, sid: undefined })],
    ["with an empty session", () => sign({ sub: "7", exp: now() + 60, sid: "" })],
    ["with a critical header", () => sign({ sub: "7", exp: now() + 60 }, { crit: ["b64"], b64: true })],
    ["signed with another key", () => sign({ sub: "7", exp: now() + 60 }, {}, new TextEncoder().encode("x".repeat(48)))],
    ["claiming HS512 (signed with HS512)", () =>
      new SignJWT({ sub: "7", exp: now() + 60 }).setProtectedHeader({ alg: "HS512" }).sign(secret)],
    ["claiming alg none", async () => {
      const valid = await sign({ sub: "7", exp: now() + 60 });
      const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
      return `${none}.${valid.split(".")[1]}.`;
    }],
    ["with a non-canonical signature encoding", async () => {
      const valid = await sign({ sub: "7", exp: now() + 60 });
      // 43 characters carry 258 bits: the last one has two spare bits that decode the same.
      const last = valid.at(-1)!;
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const twin = alphabet[alphabet.indexOf(last) ^ 1];
      return valid.slice(0, -1) + twin;
    }],
    ["with padding", async () => `${await sign({ sub: "7", exp: now() + 60 })}=`],
    ["with four parts", async () => `${await sign({ sub: "7", exp: now() + 60 })}.x`],
    ["that is empty", async () => ""],
  ])("refuses a token %s", async (_name, make) => {
    expect(verifyAccessToken(await make())).toBeNull();
  });

  it("accepts nothing jose would refuse: genuine tokens mangled at random", async () => {
    const genuine = await signAccessToken(12345);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.= ";
    const mangled = fc.oneof(
      // one character replaced
      fc.tuple(fc.nat(genuine.length - 1), fc.constantFrom(...alphabet)).map(
        ([at, char]) => genuine.slice(0, at) + char + genuine.slice(at + 1),
      ),
      // a cut or an insertion
      fc.nat(genuine.length - 1).map((at) => genuine.slice(0, at) + genuine.slice(at + 1)),
      fc.tuple(fc.nat(genuine.length), fc.constantFrom(...alphabet)).map(
        ([at, char]) => genuine.slice(0, at) + char + genuine.slice(at),
      ),
      // another header or payload under the genuine signature
      fc.tuple(fc.jsonValue(), fc.boolean()).map(([value, inHeader]) => {
        const [header, payload, signature] = genuine.split(".");
        const part = Buffer.from(JSON.stringify(value)).toString("base64url");
        return inHeader ? `${part}.${payload}.${signature}` : `${header}.${part}.${signature}`;
      }),
    );
    await fc.assert(
      fc.asyncProperty(mangled, async (token) => {
        const ours = verifyAccessToken(token);
        if (ours !== null) expect(await joseSays(token)).toBe(ours.userId);
        if (token !== genuine) expect(ours).toBeNull();
      }),
      { numRuns: 400 },
    );
  });
});
