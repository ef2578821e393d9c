import { validate } from "@telegram-apps/init-data-node";
import { GET as demoInitData } from "@/app/api/v1/demo/telegram-init-data/route";
import { call } from "@/tests/support/api";

// A fresh database with no Telegram users: the built-in demo user is signed.
it("signs the built-in demo Telegram user when nobody has a Telegram id", async () => {
  const res = await call(demoInitData, { path: "/api/v1/demo/telegram-init-data" });
  expect(res.status).toBe(200);
  expect(() => validate(res.body.init_data, process.env.TELEGRAM_BOT_TOKEN!)).not.toThrow();
  const user = JSON.parse(new URLSearchParams(res.body.init_data).get("user")!);
  expect(user).toMatchObject({ id: 100000001, username: "alice_tg", first_name: "Алиса", language_code: "ru" });
});
