import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { POST as telegramLogin } from "@/app/api/v1/auth/telegram/login/route";
import { GET as demoInitData } from "@/app/api/v1/demo/telegram-init-data/route";
import { GET as getMe } from "@/app/api/v1/users/me/route";
import { GET as byUsername } from "@/app/api/v1/users/username/[username]/route";
import { getDb } from "@/lib/server/db";
import { INIT_DATA_MAX_AGE_SECONDS, readInitData } from "@/lib/server/auth/telegram-login";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { call } from "@/tests/support/api";

const BOT_TOKEN = process.env.TELEGRAM_BOT_TOKEN!;
const HOUR = 60 * 60 * 1000;

type TgUser = { id: number; first_name: string; username?: string; photo_url?: string; allows_write_to_pm?: boolean };

const initData = (user: TgUser, authDate = new Date(), token = BOT_TOKEN) =>
  sign({ user: { language_code: "ru", ...user } }, token, authDate);

const login = (init_data: string) => call(telegramLogin, { body: { init_data } });

async function me(accessToken: string) {
  return (await call(getMe, { token: accessToken })).body;
}

describe("Telegram sign-in", () => {
  it("valid init data creates the user once and signs in again as the same user", async () => {
    const user = { id: 555001, first_name: "Борис", username: "Boris_TG", photo_url: "https://t.me/i/userpic/320/b.jpg" };
    const first = await login(initData(user));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const profile = await me(first.body.access_token);
    expect(profile).toMatchObject({
      username: "boris_tg",
      telegramUsername: "Boris_TG",
      telegramFirstName: "Борис",
      avatarUrl: "https://t.me/i/userpic/320/b.jpg",
      email: null,
    });

    const second = await login(initData({ ...user, first_name: "Борис Н.", photo_url: undefined }));
    expect(second.status).toBe(200);
    const again = await me(second.body.access_token);
    expect(again.id).toBe(profile.id);
    expect(again.telegramFirstName).toBe("Борис Н.");
    expect(again.avatarUrl).toBe(`/api/v1/avatars/${profile.id % 1_000_000}.svg`);
    expect(await getDb().user.count({ where: { telegramId: "555001" } })).toBe(1);
  });

  it("records whether the bot may write: from allows_write_to_pm; init data without it never withdraws it", async () => {
    const user = { id: 555090, first_name: "Ира" };
    const first = await me((await login(initData(user))).body.access_token);
    expect(first).toMatchObject({ notification: true, botMayWrite: false });
    const granted = await me((await login(initData({ ...user, allows_write_to_pm: true }))).body.access_token);
    expect(granted.botMayWrite).toBe(true);
    // Opened from a link, without the flag: they may have started the bot since; nothing changes.
    // (Its own query id: the same data signed in the same second would be a replay.)
    const again = sign({ user: { language_code: "ru", ...user }, query_id: "opened-from-a-link" }, BOT_TOKEN, new Date());
    const later = await me((await login(again)).body.access_token);
    expect(later.botMayWrite).toBe(true);
    const allowedAtOnce = await me((await login(initData({ id: 555091, first_name: "Ян", allows_write_to_pm: true }))).body.access_token);
    expect(allowedAtOnce.botMayWrite).toBe(true);
  });

  it("keeps the user's Telegram language for the bot's notices: English for a non-Russian language_code", async () => {
    const user = { id: 555009, first_name: "Emma" };
    const language = async () => (await getDb().user.findUniqueOrThrow({ where: { telegramId: "555009" } })).language;
    expect((await login(sign({ user: { ...user, language_code: "en" } }, BOT_TOKEN, new Date()))).status).toBe(200);
    expect(await language()).toBe("en");
    expect((await login(sign({ user: { ...user, language_code: "ru" } }, BOT_TOKEN, new Date()))).status).toBe(200);
    expect(await language()).toBe("ru");
  });

  it("a Telegram-verified name wins: an account holding it without Telegram's word moves aside", async () => {
    const squatter = await getDb().user.create({ data: { username: "taken_name", email: "taken@example.com" } });
    const res = await login(initData({ id: 555002, first_name: "Вера", username: "taken_name" }));
    const owner = await me(res.body.access_token);
    expect(owner.username).toBe("taken_name");
    const moved = (await getDb().user.findUniqueOrThrow({ where: { id: squatter.id } })).username!;
    expect(moved).toMatch(/^e\.[a-z2-9]{8}$/);
    // Lookups by that name now find the Telegram owner, and say Telegram vouches for it.
    const found = await call(byUsername, { token: res.body.access_token, params: { username: "taken_name" } });
    expect(found.body).toMatchObject({ id: owner.id, telegramVerified: true });
    const aside = await call(byUsername, { token: res.body.access_token, params: { username: moved } });
    expect(aside.body).toMatchObject({ id: squatter.id, telegramVerified: false });
  });

  it("keeps a name another Telegram user verified, and never hands out a reserved one", async () => {
    const first = await login(initData({ id: 555011, first_name: "Первый", username: "same_name" }));
    const second = await login(initData({ id: 555012, first_name: "Второй", username: "same_name" }));
    expect((await me(first.body.access_token)).username).toBe("same_name");
    expect((await me(second.body.access_token)).username).toBe("tg555012");
    const official = await login(initData({ id: 555013, first_name: "Не банк", username: "Support" }));
    expect((await me(official.body.access_token)).username).toBe("tg555013");
  });

  it("gives a username to a Telegram user without one", async () => {
    const res = await login(initData({ id: 555003, first_name: "Гена" }));
    expect((await me(res.body.access_token)).username).toBe("tg555003");
  });

  it("concurrent first sign-ins create one user", async () => {
    // Three launches of the app (three signed copies) at the same moment.
    const copies = [1, 2, 3].map((n) =>
      sign({ user: { id: 555004, first_name: "Даша", username: "dasha_tg" }, query_id: `q${n}` }, BOT_TOKEN, new Date()),
    );
    const results = await Promise.all(copies.map(login));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await getDb().user.count({ where: { telegramId: "555004" } })).toBe(1);
  });

  it("init data signs in once: a replay, even at the same moment, is refused", async () => {
    const data = initData({ id: 555005, first_name: "Эхо" });
    expect((await login(data)).status).toBe(200);
    expect(await login(data)).toMatchObject({ status: 401, body: { code: "INVALID_INIT_DATA" } });
    const twice = initData({ id: 555006, first_name: "Эхо2" });
    const together = await Promise.all([login(twice), login(twice)]);
    expect(together.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it.each([
    ["signed with another bot token", () => initData({ id: 1, first_name: "X" }, new Date(), "7000000002:OTHER_bot_token_abcdefgh")],
    ["with a tampered user", () => initData({ id: 1, first_name: "X" }).replace("%22id%22%3A1", "%22id%22%3A2")],
    ["older than a day", () => initData({ id: 1, first_name: "X" }, new Date(Date.now() - 25 * HOUR))],
    ["dated in the future", () => initData({ id: 1, first_name: "X" }, new Date(Date.now() + 2 * HOUR))],
    ["without a hash", () => initData({ id: 1, first_name: "X" }).replace(/&hash=[0-9a-f]+/, "")],
    ["that is not init data", () => "hello"],
  ])("refuses init data %s", async (_name, make) => {
    const res = await login(make());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Данные Telegram недействительны или устарели", code: "INVALID_INIT_DATA" });
  });

  it("accepts init data 23 hours old", async () => {
    const res = await login(initData({ id: 555005, first_name: "Ева" }, new Date(Date.now() - 23 * HOUR)));
    expect(res.status).toBe(200);
  });

  it("refuses signed init data without a user", async () => {
    const res = await login(sign({ query_id: "AAE" }, BOT_TOKEN, new Date()));
    expect(res.body.code).toBe("INVALID_INIT_DATA");
  });

  it("refuses an empty body", async () => {
    expect((await call(telegramLogin, { body: {} })).status).toBe(400);
  });
});

describe("GET /api/v1/demo/telegram-init-data", () => {
  afterEach(() => {
    process.env.MINIBANK_DEMO = "1";
    delete process.env.SMTP_URL;
    delete process.env.SMTP_FROM;
    resetEnvForTests();
  });

  it("signs init data for a seeded Telegram user that the login accepts", async () => {
    const seeded = await getDb().user.create({
      data: { username: "zoya", telegramId: "777001", telegramUsername: "zoya_tg", telegramFirstName: "Зоя" },
    });
    const res = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data?telegramId=777001" });
    expect(res.status).toBe(200);
    const params = new URLSearchParams(res.body.init_data);
    expect(JSON.parse(params.get("user")!)).toMatchObject({
      id: 777001,
      first_name: "Зоя",
      username: "zoya_tg",
      language_code: "ru",
      photo_url: `/api/v1/avatars/${seeded.id}.svg`,
    });
    expect(Math.abs(Number(params.get("auth_date")) * 1000 - Date.now())).toBeLessThan(5000);
    const tokens = await login(res.body.init_data);
    expect((await me(tokens.body.access_token)).id).toBe(seeded.id);
  });

  it("without an id signs for the first Telegram user", async () => {
    const first = await getDb().user.findFirstOrThrow({
      where: { telegramId: { not: null }, isSystem: false },
      orderBy: { id: "asc" },
    });
    const res = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data" });
    const user = JSON.parse(new URLSearchParams(res.body.init_data).get("user")!);
    expect(String(user.id)).toBe(first.telegramId);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data?telegramId=999999999" });
    expect(unknown).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
    const bad = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data?telegramId=abc" });
    expect(bad.status).toBe(400);
  });

  it("answers 404 outside demo mode", async () => {
    Object.assign(process.env, { MINIBANK_DEMO: "0", SMTP_URL: "smtp://127.0.0.1:1", SMTP_FROM: "x@example.com" });
    resetEnvForTests();
    const res = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data" });
    expect(res).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });
});

describe("Telegram photo", () => {
  it("keeps https addresses on Telegram's own hosts and the app's own paths", async () => {
    for (const [id, photo_url] of [
      [555103, "https://t.me/i/userpic/320/x.jpg"],
      [555104, "/demo/alice.svg"],
      [555106, "https://cdn4.telesco.pe/file/abc.jpg"],
    ] as const) {
      const res = await login(initData({ id, first_name: "Фото", photo_url }));
      expect((await me(res.body.access_token)).avatarUrl).toBe(photo_url);
    }
  });

  it("falls back to the generated avatar for any other photo address", async () => {
    for (const [id, photo_url] of [
      [555101, "javascript:alert(1)"],
      [555102, "//evil.example.com/x.png"],
      [555105, "/demo/<script>.svg"],
      [555107, "https://tracker.example.com/pixel.png?who=viewer"],
      [555108, "http://t.me/i/userpic/320/x.jpg"],
      [555109, "https://t.me.evil.example/x.jpg"],
      [555110, "https://t.me:8443/x.jpg"],
      [555111, "https://user@t.me/x.jpg"],
    ] as const) {
      const res = await login(initData({ id, first_name: "Фото", photo_url }));
      const profile = await me(res.body.access_token);
      expect(profile.avatarUrl).toBe(`/api/v1/avatars/${profile.id % 1_000_000}.svg`);
    }
  });
});

/**
 * Init data published by other projects, each with the bot token it was signed with. None carries
 * a `signature` field (Telegram clients before Bot API 8.0 and many tools send only `hash`).
 */
const PUBLISHED = {
  // The tma.js documentation's example for validate().
  tmaJs: {
    token: "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8",
    authDate: 1662771648,
    initData:
      "query_id=AAHdF6IQAAAAAN0XohDhrOrc" +
      "&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D" +
      "&auth_date=1662771648" +
      "&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
    user: { telegramId: "279058397", firstName: "Vladislav", username: "vdkfrost", allowsWrite: false, language: "ru" },
  },
  // aiogram's tests (tests/test_utils/test_web_app.py), a valid case.
  aiogram: {
    token: "42:TEST",
    authDate: 1650385342,
    initData:
      "auth_date=1650385342&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Test%22%7D&query_id=test" +
      "&hash=46d2ea5e32911ec8d30999b56247654460c0d20949b6277af519e76271182803",
    user: { telegramId: "42", firstName: "Test", allowsWrite: false, language: "ru" },
  },
} as const;

describe("Telegram sign-in with init data published elsewhere (hash only, no signature)", () => {
  afterEach(() => jest.restoreAllMocks());
  const at = (authDate: number, plusSeconds = 60) =>
    jest.spyOn(Date, "now").mockReturnValue((authDate + plusSeconds) * 1000);

  it.each(Object.entries(PUBLISHED))("accepts %s's example with its own bot token", (_name, sample) => {
    at(sample.authDate);
    // toEqual: the absent username and photo of aiogram's user are `undefined` in the profile.
    expect(readInitData(sample.initData, sample.token)).toEqual({
      ...sample.user,
      hash: new URLSearchParams(sample.initData).get("hash"),
      authDate: sample.authDate,
    });
  });

  it.each(Object.entries(PUBLISHED))("refuses %s's example with another token, tampered, or a day later", (_name, sample) => {
    at(sample.authDate);
    expect(() => readInitData(sample.initData, "42:OTHER")).toThrow(AppError);
    expect(() => readInitData(sample.initData.replace("auth_date=1", "auth_date=2"), sample.token)).toThrow(AppError);
    at(sample.authDate, INIT_DATA_MAX_AGE_SECONDS + 1);
    expect(() => readInitData(sample.initData, sample.token)).toThrow(AppError);
  });

  it("signs in over the API with the tma.js example", async () => {
    const saved = process.env.TELEGRAM_BOT_TOKEN;
    process.env.TELEGRAM_BOT_TOKEN = PUBLISHED.tmaJs.token;
    resetEnvForTests();
    at(PUBLISHED.tmaJs.authDate);
    try {
      const res = await login(PUBLISHED.tmaJs.initData);
      expect(res.status).toBe(200);
      expect(await getDb().user.count({ where: { telegramId: "279058397" } })).toBe(1);
    } finally {
      process.env.TELEGRAM_BOT_TOKEN = saved;
      resetEnvForTests();
    }
  });

  it("a signature field, when present, is part of what the hash covers", () => {
    const token = "7000000001:signature_case_token_abcdefghij";
    const fields = new URLSearchParams({
      auth_date: String(Math.floor(Date.now() / 1000)),
      signature: "c2lnbmF0dXJlLWJ5LXRlbGVncmFt",
      user: JSON.stringify({ id: 777, first_name: "Сигнатура" }),
    });
    const check = [...fields.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join("\n");
    const secret = crypto.createHmac("sha256", "WebAppData").update(token).digest();
    fields.set("hash", crypto.createHmac("sha256", secret).update(check).digest("hex"));
    expect(readInitData(fields.toString(), token).telegramId).toBe("777");
    fields.set("signature", "c29tZXRoaW5nLWVsc2U");
    expect(() => readInitData(fields.toString(), token)).toThrow(AppError);
  });
});
