import { GET as byId } from "@/app/api/v1/users/id/[id]/route";
import { GET as byEmail } from "@/app/api/v1/users/email/[email]/route";
import { GET as byTelegram } from "@/app/api/v1/users/telegram/[id]/route";
import { GET as byUsername } from "@/app/api/v1/users/username/[username]/route";
import { GET as byWallet } from "@/app/api/v1/users/by-wallet/[number]/route";
import { PUT as setNotifications } from "@/app/api/v1/users/[id]/notifications/route";
import { GET as getMe } from "@/app/api/v1/users/me/route";
import { GET as walletsOf } from "@/app/api/v1/wallets/user/[userId]/route";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { call, createUser } from "@/tests/support/api";

let setups = 0;

async function setup() {
  const caller = await createUser();
  // Unique per call even within one millisecond (account numbers and ids are unique columns).
  const stamp = Date.now() * 100 + (setups++ % 100);
  const target = await getDb().user.create({
    data: {
      username: `target${stamp}`,
      email: `target${stamp}@example.com`,
      telegramId: String(900000 + (stamp % 99999)),
      telegramFirstName: "Цель",
      wallets: { create: { currency: "RUB", number: `4081${stamp}`, balance: 12345n } },
    },
    include: { wallets: true },
  });
  return { token: caller.token, caller: caller.user, target };
}

describe("user lookups", () => {
  it("are limited per user (LOOKUP_LIMIT_PER_USER per 10 minutes), profiles and wallets together", async () => {
    process.env.LOOKUP_LIMIT_PER_USER = "4";
    resetEnvForTests();
    try {
      const { token, target } = await setup();
      const other = await createUser();
      const statuses = [
        (await call(byId, { token, params: { id: String(target.id) } })).status,
        (await call(byUsername, { token, params: { username: target.username! } })).status,
        (await call(walletsOf, { token, params: { userId: String(target.id) } })).status,
        (await call(byId, { token, params: { id: "999999" } })).status,
        (await call(byId, { token, params: { id: String(target.id) } })).status,
        (await call(walletsOf, { token, params: { userId: String(target.id) } })).status,
      ];
      expect(statuses).toEqual([200, 200, 200, 404, 429, 429]);
      // Another user has their own allowance.
      expect((await call(byId, { token: other.token, params: { id: String(target.id) } })).status).toBe(200);
    } finally {
      delete process.env.LOOKUP_LIMIT_PER_USER;
      resetEnvForTests();
    }
  });

  it("every lookup returns the same public profile, never e-mail or balances", async () => {
    const { token, target } = await setup();
    const expected = {
      id: target.id,
      username: target.username,
      telegramVerified: false,
      telegramFirstName: "Цель",
      avatarUrl: `/api/v1/avatars/${target.id}.svg`,
    };
    const answers = [
      await call(byId, { token, params: { id: String(target.id) } }),
      await call(byEmail, { token, params: { email: target.email! } }),
      await call(byTelegram, { token, params: { id: target.telegramId! } }),
      await call(byUsername, { token, params: { username: target.username! } }),
      await call(byWallet, { token, params: { number: target.wallets[0].number } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain("@");
      expect(text).not.toContain("12345");
    }
  });

  it("an account number is found as the app shows it: in groups of four, with dashes or non-breaking spaces", async () => {
    const { token, target } = await setup();
    const digits = target.wallets[0].number;
    const grouped = digits.replace(/(.{4})(?=.)/g, "$1 ");
    for (const typed of [grouped, ` ${grouped} `, digits.replace(/(.{4})(?=.)/g, "$1-"), grouped.replace(/ /g, "\u00a0"), encodeURIComponent(grouped)]) {
      const res = await call(byWallet, { token, params: { number: typed } });
      expect({ typed, status: res.status }).toEqual({ typed, status: 200 });
      expect(res.body.id).toBe(target.id);
    }
    // Only separators are dropped: a wrong digit is still not found, and nothing but spaces is 400.
    expect((await call(byWallet, { token, params: { number: grouped.slice(0, -1) + "x" } })).status).toBe(404);
    expect((await call(byWallet, { token, params: { number: " - " } })).status).toBe(400);
  });

  it("e-mail lookup is case-insensitive and accepts a still-encoded address", async () => {
    const { token, target } = await setup();
    for (const email of [target.email!.toUpperCase(), encodeURIComponent(target.email!)]) {
      const res = await call(byEmail, { token, params: { email } });
      expect(res.body.id).toBe(target.id);
    }
  });

  it("username lookup ignores case and a leading @", async () => {
    const { token, target } = await setup();
    const res = await call(byUsername, { token, params: { username: `@${target.username!.toUpperCase()}` } });
    expect(res.body.id).toBe(target.id);
  });

  it("answers 404 USER_NOT_FOUND for unknown users", async () => {
    const { token } = await setup();
    const answers = [
      await call(byId, { token, params: { id: "987654321" } }),
      await call(byEmail, { token, params: { email: "nobody@example.com" } }),
      await call(byTelegram, { token, params: { id: "1" } }),
      await call(byUsername, { token, params: { username: "nobody_here" } }),
      await call(byWallet, { token, params: { number: "0000" } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Пользователь не найден", code: "USER_NOT_FOUND" });
    }
  });

  it("never returns the bank's system users", async () => {
    const { token } = await setup();
    const system = await getDb().user.create({
      data: {
        username: `bank${Date.now()}`,
        isSystem: true,
        wallets: { create: { currency: "USD", number: `SYS${Date.now()}` } },
      },
      include: { wallets: true },
    });
    expect((await call(byId, { token, params: { id: String(system.id) } })).status).toBe(404);
    expect((await call(byUsername, { token, params: { username: system.username! } })).status).toBe(404);
    expect((await call(byWallet, { token, params: { number: system.wallets[0].number } })).status).toBe(404);
  });

  it("answers 400 for a malformed id", async () => {
    const { token } = await setup();
    expect((await call(byId, { token, params: { id: "abc" } })).status).toBe(400);
    expect((await call(byTelegram, { token, params: { id: "x1" } })).status).toBe(400);
  });
});

describe("PUT /api/v1/users/{id}/notifications", () => {
  it("switches the caller's own notifications and returns the profile", async () => {
    const { user, token } = await createUser();
    const off = await call(setNotifications, {
      method: "PUT",
      token,
      params: { id: String(user.id) },
      body: { enable: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: user.id, notification: false, email: user.email });
    expect((await call(getMe, { token })).body.notification).toBe(false);
    const on = await call(setNotifications, { method: "PUT", token, params: { id: String(user.id) }, body: { enable: true } });
    expect(on.body.notification).toBe(true);
  });

  it("is 403 for another user's id and changes nothing", async () => {
    const { token } = await createUser();
    const other = await createUser();
    const res = await call(setNotifications, {
      method: "PUT",
      token,
      params: { id: String(other.user.id) },
      body: { enable: false },
    });
    expect(res).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: other.user.id } })).notification).toBe(true);
  });

  it("is 400 for a non-boolean value", async () => {
    const { user, token } = await createUser();
    const res = await call(setNotifications, { method: "PUT", token, params: { id: String(user.id) }, body: { enable: "yes" } });
    expect(res.status).toBe(400);
  });
});

describe("a NUL character in a lookup", () => {
  it("is refused with 400 VALIDATION_ERROR, raw or percent-encoded (no database stores one in text)", async () => {
    const { token } = await createUser({ username: "nul_asker" });
    for (const params of [{ username: "ab\u0000c" }, { username: "%00" }]) {
      const res = await call(byUsername, { token, params });
      expect({ params, status: res.status, code: res.body.code }).toEqual({ params, status: 400, code: "VALIDATION_ERROR" });
    }
    const byNumber = await call(byWallet, { token, params: { number: "2202%00" } });
    expect(byNumber.status).toBe(400);
  });
});
