import { receivedAmount } from "@/lib/client/transfer/conversion";
import { readTransferPrefill } from "@/lib/client/transfer/prefill";
import { resolveSelection } from "@/lib/client/transfer/selection";
import { wasRefused } from "@/lib/client/transfer/submit";
import { ApiError } from "@/lib/client/api";
import { lookupPath } from "@/lib/client/hooks";
import { convert, rateToUnits } from "@/lib/shared/money";

const mine = [
  { id: 1, currency: "RUB" as const, balance: 100, number: "A1" },
  { id: 2, currency: "USD" as const, balance: 100, number: "A2" },
];
const theirs = [
  { id: 11, currency: "RUB" as const, number: "B1" },
  { id: 12, currency: "USD" as const, number: "B2" },
  { id: 13, currency: "EUR" as const, number: "B3" },
];
const base = {
  recipientWallets: theirs,
  senderWallets: mine,
  chosenReceiverId: null,
  chosenSenderId: null,
};

describe("resolveSelection", () => {
  it("card method: the wallet with the typed number, and the sender in its currency", () => {
    const s = resolveSelection({ ...base, method: "card", target: " B2 " });
    expect(s.receiver?.id).toBe(12);
    expect(s.sender?.id).toBe(2);
  });

  it("card method: the number typed as the app shows it (groups of four) selects the wallet", () => {
    const wallets = [{ id: 21, currency: "RUB" as const, number: "2202941357933750" }];
    for (const target of ["2202 9413 5793 3750", "2202-9413-5793-3750", "2202\u00a09413\u00a05793\u00a03750"]) {
      expect(resolveSelection({ ...base, recipientWallets: wallets, method: "card", target }).receiver?.id).toBe(21);
    }
  });

  it("card method: the lookup asks the server for the number without separators", () => {
    expect(lookupPath("card", " 2202 9413-5793 3750 ")).toBe("/api/v1/users/by-wallet/2202941357933750");
    expect(lookupPath("username", "ali ce")).toBe("/api/v1/users/username/ali%20ce");
  });

  it("own payment QR: the receiving wallet is not also chosen as the sender", () => {
    const own = mine.map(({ id, currency, number }) => ({ id, currency, number }));
    const s = resolveSelection({ ...base, recipientWallets: own, method: "card", target: "A1" });
    expect(s.receiver?.id).toBe(1);
    expect(s.sender).toBeNull();
  });

  it("other methods select nothing by themselves", () => {
    expect(resolveSelection({ ...base, method: "username", target: "B2" })).toEqual({
      receiver: null,
      sender: null,
    });
  });

  it("an explicit pick wins over the number, and explicit sender over the currency rule", () => {
    const s = resolveSelection({ ...base, method: "card", target: "B2", chosenReceiverId: 11 });
    expect(s.receiver?.id).toBe(11);
    expect(s.sender?.id).toBe(1);
    const t = resolveSelection({ ...base, method: "card", target: "B2", chosenSenderId: 1 });
    expect(t.sender?.id).toBe(1);
  });

  it("no sender when the user has no wallet in that currency; stale picks are ignored", () => {
    const s = resolveSelection({ ...base, method: "email", target: "x", chosenReceiverId: 13 });
    expect(s.receiver?.id).toBe(13);
    expect(s.sender).toBeNull();
    const gone = resolveSelection({ ...base, method: "email", target: "x", chosenReceiverId: 99 });
    expect(gone.receiver).toBeNull();
  });
});

describe("receivedAmount", () => {
  it("is the amount itself in the same currency", () => {
    expect(receivedAmount(1234n, "USD", "USD", undefined, undefined)).toBe(1234n);
  });

  it("converts through ruble prices with the shared rounding", () => {
    expect(receivedAmount(100_000n, "RUB", "USD", undefined, 90.1234)).toBe(1109n);
    expect(receivedAmount(1_000n, "USD", "CNY", 90.1234, 12.5)).toBe(
      convert(1_000n, rateToUnits(90.1234), rateToUnits(12.5)),
    );
    expect(receivedAmount(1_000n, "USD", "RUB", 90.1234, undefined)).toBe(90_123n);
  });

  it("is unknown while a rate is missing", () => {
    expect(receivedAmount(100n, "RUB", "EUR", undefined, undefined)).toBeNull();
  });
});

describe("readTransferPrefill", () => {
  it("reads a known method with a cleaned amount", () => {
    expect(readTransferPrefill(new URLSearchParams("method=email&target=%20v@x.ru&amount=1.2"))).toEqual({
      method: "email",
      target: "v@x.ru",
      amount: "1,2",
      amountRefused: false,
    });
  });

  it("refuses an amount that is not one, rather than repairing it", () => {
    for (const amount of ["-5", "1,239", "5abc", "0", "1e3", "1.2.3"]) {
      expect(readTransferPrefill(new URLSearchParams({ method: "card", target: "1", amount }))).toMatchObject({
        amount: "",
        amountRefused: true,
      });
    }
    expect(readTransferPrefill(new URLSearchParams("method=card&target=1"))).toMatchObject({ amount: "", amountRefused: false });
  });

  it("is null without a known method", () => {
    expect(readTransferPrefill(new URLSearchParams("target=1"))).toBeNull();
    expect(readTransferPrefill(new URLSearchParams("method=phone"))).toBeNull();
  });
});

describe("wasRefused", () => {
  it("only a server 4xx answer counts as refused (safe to use a new key)", () => {
    expect(wasRefused(new ApiError("x", 422, "INSUFFICIENT_FUNDS"))).toBe(true);
    expect(wasRefused(new ApiError("x", 500, "INTERNAL"))).toBe(false);
    expect(wasRefused(new TypeError("Failed to fetch"))).toBe(false);
  });
});
