import { ResponseShapeError, type Check } from "@/lib/shared/api/check";
import * as coreAnswers from "@/lib/shared/api/dtos";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { codeRequestedDto, okDto } from "@/lib/shared/schemas/auth";
import { preparedChatButtonDto, preparedShareDto } from "@/lib/shared/schemas/share";
import { receiptDto } from "@/lib/shared/schemas/transfers";
import { tokenPairDto } from "@/lib/shared/schemas/auth";
import { rateDto } from "@/lib/shared/schemas/rates";
import { counterpartyDto, transferListDto } from "@/lib/shared/schemas/transfers";
import { publicUserDto, userDto } from "@/lib/shared/schemas/users";
import { publicWalletDto, walletDto } from "@/lib/shared/schemas/wallets";
import { z } from "zod";

/** Every answer as the browser checks it. */
const client = { ...coreAnswers, ...featureAnswers };

type Shared = { safeParse(data: unknown): { success: boolean; data?: unknown } };

/** The client check's verdict in zod's `safeParse` form, so the two compare directly. */
function safeParse(check: Check<unknown>, data: unknown): { success: boolean; data?: unknown } {
  try {
    return { success: true, data: check.parse(data) };
  } catch (error) {
    if (!(error instanceof ResponseShapeError)) throw error;
    return { success: false };
  }
}

const user = {
  id: 7,
  username: "boris",
  email: "boris@example.com",
  telegramUsername: null,
  telegramFirstName: "Борис",
  avatarUrl: "/api/v1/avatars/7.png",
  notification: true,
  botMayWrite: null,
};
const wallet = { id: 3, currency: "USD", balance: 12345, number: "40817840000000000003" };
const transfer = {
  id: 1,
  kind: "exchange",
  senderWalletId: 3,
  receiverWalletId: 4,
  amount: 100,
  currency: "USD",
  receivedAmount: 9000,
  receivedCurrency: "RUB",
  rate: "90.000000",
  message: "За обед",
  channel: "split",
  createdAt: "2026-11-21T06:00:00.000Z",
};

/**
 * Each answer as the browser checks it (lib/shared/api/dtos.ts), the zod schema the server holds
 * its answers to and the OpenAPI document describes (made from the same declaration by `zodOf`),
 * an answer the server gives, and answers it never gives: the two readings must agree.
 */
const cases: { name: string; shared: Shared; copy: Check<unknown>; good: unknown; bad: unknown[] }[] = [
  {
    name: "token pair",
    shared: tokenPairDto,
    copy: client.tokenPairDto,
    good: { access_token: "a", refresh_token: "r" },
    bad: [{ access_token: "a" }, { access_token: 1, refresh_token: "r" }, null],
  },
  {
    name: "user",
    shared: userDto,
    copy: client.userDto,
    good: { ...user, extra: "dropped" },
    bad: [{ ...user, id: 1.5 }, { ...user, email: undefined }, { ...user, notification: "yes" }, { ...user, botMayWrite: "no" }, []],
  },
  {
    name: "public user",
    shared: publicUserDto,
    copy: client.publicUserDto,
    good: { id: 8, username: null, telegramVerified: false, telegramFirstName: null, avatarUrl: "/a.png", email: "hidden@x.ru" },
    bad: [
      { id: "8", username: null, telegramVerified: false, telegramFirstName: null, avatarUrl: "/a.png" },
      { id: 8, username: null, telegramFirstName: null, avatarUrl: "/a.png" },
    ],
  },
  {
    name: "wallet list",
    shared: z.array(walletDto),
    copy: client.walletListDto,
    good: [wallet, { ...wallet, id: 4, currency: "RUB" }],
    bad: [[{ ...wallet, currency: "GBP" }], [{ ...wallet, balance: 0.5 }], wallet],
  },
  {
    name: "public wallet list",
    shared: z.array(publicWalletDto),
    copy: client.publicWalletListDto,
    good: [{ ...wallet }],
    bad: [[{ id: 3, currency: "USD" }]],
  },
  {
    name: "rate",
    shared: rateDto,
    copy: client.rateDto,
    good: { value: 91.25 },
    bad: [{ value: "91.25" }, {}],
  },
  {
    name: "transfer list",
    shared: transferListDto,
    copy: client.transferListDto,
    good: [transfer],
    bad: [
      [{ ...transfer, rate: 90 }],
      [{ ...transfer, receivedCurrency: "XYZ" }],
      [{ ...transfer, createdAt: null }],
      [{ ...transfer, kind: "gift" }],
      [{ ...transfer, kind: undefined }],
      [{ ...transfer, channel: "telepathy" }],
    ],
  },
  {
    name: "receipt",
    shared: receiptDto,
    copy: client.receiptDto,
    good: {
      ...transfer,
      direction: "out",
      status: "completed",
      fee: 0,
      sender: { name: "Борис", avatarUrl: "/a.png", account: "•• 0003", bank: false },
      receiver: { name: "Анна", avatarUrl: "/b.png", account: "•• 0004", bank: false },
    },
    bad: [{ ...transfer, direction: "out", status: "pending", fee: 0 }, { ...transfer, direction: "up" }],
  },
  {
    name: "prepared share",
    shared: preparedShareDto,
    copy: client.preparedShareDto,
    good: { id: "p1", expiresAt: "2026-11-21T06:00:00.000Z" },
    bad: [{ id: "", expiresAt: "2026-11-21T06:00:00.000Z" }, { id: "p1" }],
  },
  {
    name: "prepared chat button",
    shared: preparedChatButtonDto,
    copy: client.preparedChatButtonDto,
    good: { id: "b1" },
    bad: [{ id: "" }, { id: 1 }],
  },
  {
    name: "ok",
    shared: okDto,
    copy: client.okDto,
    good: { ok: true },
    bad: [{ ok: false }, {}],
  },
  {
    name: "code requested",
    shared: codeRequestedDto,
    copy: client.codeRequestedDto,
    good: { ok: true, challengeId: "c-1234567890" },
    bad: [{ ok: true }, { ok: "true", challengeId: "c" }],
  },
  {
    name: "counterparty",
    shared: counterpartyDto,
    copy: client.counterpartyDto,
    good: { username: "anna", avatarUrl: "/b.png" },
    bad: [{ username: null, avatarUrl: "/b.png" }],
  },
];

describe("the browser's checks and the server's schemas accept the same answers", () => {
  it.each(cases)("$name: a real answer parses to the same value", ({ shared, copy, good }) => {
    const expected = shared.safeParse(good);
    const actual = safeParse(copy, good);
    expect(expected.success).toBe(true);
    expect(actual).toEqual({ success: true, data: expected.data });
  });

  it.each(cases)("$name: malformed answers are refused by both", ({ shared, copy, bad }) => {
    for (const answer of bad) {
      expect(shared.safeParse(answer).success).toBe(false);
      expect(safeParse(copy, answer).success).toBe(false);
    }
  });
});

describe("response checks", () => {
  it("say where an answer went wrong", () => {
    expect(() => client.walletListDto.parse([wallet, { ...wallet, currency: "GBP" }])).toThrow(
      "Unexpected response at [1].currency: expected RUB | USD | EUR | CNY",
    );
    expect(() => client.userDto.parse("oops")).toThrow("Unexpected response at (root): expected object");
  });

  it("keep only the declared keys and never the input object itself", () => {
    const answer = { value: 1.5, secret: true };
    const parsed = client.rateDto.parse(answer);
    expect(parsed).toEqual({ value: 1.5 });
    expect(parsed).not.toBe(answer);
  });

  it("integers are safe integers, numbers are finite", () => {
    expect(() => client.rateDto.parse({ value: Number.NaN })).toThrow(ResponseShapeError);
    expect(() => client.counterpartyDto.parse({ username: "a" })).toThrow("at avatarUrl");
    expect(() => client.walletDto.parse({ ...wallet, id: 2 ** 53 })).toThrow("at id: expected integer");
  });
});
