// An API suite whose every test talks to its own fake Bot API, with the Mini App link configured,
// and ends with the ledger's invariants checked.
import { resetEnvForTests } from "@/lib/server/platform/env";
import { startFakeBotApi, type FakeBotApi } from "@/tests/support/fake-bot-api";
import { checkInvariants } from "@/tests/support/ledger";

/** Registers the suite's beforeEach and afterEach; `bot.fake` is the running fake (a test may replace it). */
export function withFakeBotApi(botLink: string): { fake: FakeBotApi } {
  const bot = {} as { fake: FakeBotApi };
  beforeEach(async () => {
    bot.fake = await startFakeBotApi(process.env.TELEGRAM_BOT_TOKEN!);
    process.env.TELEGRAM_API_URL = bot.fake.url;
    process.env.TELEGRAM_BOT_LINK = botLink;
    resetEnvForTests();
  });
  afterEach(async () => {
    await bot.fake.close();
    delete process.env.TELEGRAM_API_URL;
    delete process.env.TELEGRAM_BOT_LINK;
    resetEnvForTests();
    await checkInvariants();
  });
  return bot;
}
