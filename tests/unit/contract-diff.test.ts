// How `npm run contract -- --diff` holds two backends' answers against each other
// (scripts/contract/diff-compare.ts): what two correct servers may choose differently passes, what
// they may not is the first difference, named by kind, operation and place.
import { compareSeen, Correspondence, describeDifference, type Seen } from "@/scripts/contract/diff-compare";

const TRANSFERS = "GET /api/v1/transfers/wallet/{walletId}";
const seen = (body: unknown, status = 200, operation = TRANSFERS): Seen[] => [{ operation, status, body, paged: false }];
const movement = (id: number, amount: number, createdAt: string) => ({ id, kind: "topup", senderWalletId: 1, receiverWalletId: id + 1000, amount, currency: "RUB", createdAt });

describe("the differential run's comparison", () => {
  it("pairs ids by correspondence and compares times and tokens by shape", () => {
    const pairs = new Correspondence();
    const a = [movement(5, 100, "2026-11-29T00:00:00.000Z"), movement(6, 200, "2026-11-29T00:00:01.000Z")];
    const b = [movement(81, 100, "2026-11-29T03:10:00.500Z"), movement(90, 200, "2026-11-29T03:10:02.000Z")];
    expect(compareSeen(seen(a), seen(b), pairs)).toBeNull();
    // The same ids later on: still the same things.
    expect(compareSeen(seen([a[1]]), seen([b[1]]), pairs)).toBeNull();
    const tokens = { access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI1In0.abcdefghijklmnop", number: "40817810000000000005" };
    const others = { access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4MSJ9.zyxwvutsrqponmlkjih", number: "40817810000000000081" };
    expect(compareSeen(seen(tokens, 200, "POST /api/v1/auth/refresh"), seen(others, 200, "POST /api/v1/auth/refresh"), pairs)).toBeNull();
  });

  it("finds another order: a list whose ids no longer correspond", () => {
    const pairs = new Correspondence();
    const a = [movement(5, 100, "2026-11-29T00:00:00Z"), movement(6, 200, "2026-11-29T00:00:01Z")];
    const b = [movement(81, 100, "2026-11-29T00:00:00Z"), movement(90, 200, "2026-11-29T00:00:01Z")];
    expect(compareSeen(seen(a), seen(b), pairs)).toBeNull();
    const difference = compareSeen(seen([a[1], a[0]]), seen(b), pairs);
    expect(difference && describeDifference(difference)).toBe(`id at ${TRANSFERS}: body[0].id is 6 (#2 seen) on A, 81 (#1 seen) on B`);
  });

  it("finds an amount, a status, a missing field, a longer list and another value", () => {
    const one = movement(5, 100, "2026-11-29T00:00:00Z");
    const cases: [unknown, unknown, string][] = [
      [[one], [{ ...one, amount: 101 }], "amount: body[0].amount is 100 on A, 101 on B"],
      [[one], [{ ...one, kind: "transfer" }], 'value: body[0].kind is "topup" on A, "transfer" on B'],
      [[one], [one, one], "shape: body.length is 1 on A, 2 on B"],
    ];
    for (const [a, b, expected] of cases) {
      const found = compareSeen(seen(a), seen(b), new Correspondence());
      expect(found && `${found.kind}: ${found.at} is ${found.a} on A, ${found.b} on B`).toBe(expected);
    }
    const without: Partial<typeof one> = { ...one };
    delete without.createdAt;
    expect(compareSeen(seen(one), seen(without), new Correspondence())?.at).toBe("body fields");
    expect(compareSeen(seen({ code: "INSUFFICIENT_FUNDS" }, 422), seen(one, 201), new Correspondence())?.kind).toBe("status");
    expect(compareSeen(seen(one), [], new Correspondence())?.kind).toBe("answers");
  });

  it("never takes a user for a wallet that happens to have the same id", () => {
    const pairs = new Correspondence();
    const me = (id: number) => ({ id, username: null, email: "a@example.com" });
    const wallet = (id: number) => ({ id, currency: "RUB", balance: 0, number: "40817810000000000001" });
    expect(compareSeen(seen(me(5), 200, "GET /api/v1/users/me"), seen(me(7), 200, "GET /api/v1/users/me"), pairs)).toBeNull();
    expect(compareSeen(seen([wallet(5)], 200, "GET /api/v1/wallet"), seen([wallet(9)], 200, "GET /api/v1/wallet"), pairs)).toBeNull();
  });
});
