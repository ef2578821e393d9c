/**
 * `npm run bot:setup`: registers the deployed app with its bot (TELEGRAM_BOT_TOKEN, APP_URL,
 * TELEGRAM_API_URL) — menu button, commands, descriptions, webhook — and prints what is in
 * place, read back from the Bot API. Safe to run again: it sets, never adds.
 */
import { getBotEnv } from "@/lib/server/platform/env";
import { describeBotError } from "@/lib/server/telegram/bot-api";
import { setUpBot } from "@/lib/server/telegram/setup";

async function main() {
  let env;
  try {
    env = getBotEnv();
  } catch (error) {
    console.error(`bot:setup cannot start:\n${(error as Error).message}`);
    process.exit(1);
  }
  const report = await setUpBot(env);
  console.log("The bot is set up:");
  console.log(`  menu button: ${report.menuButton.type} "${report.menuButton.text ?? ""}" → ${report.menuButton.url ?? "-"}`);
  console.log(`  commands:    ${report.commands.join(", ")}`);
  console.log(`  webhook:     ${report.webhook.url} (pending updates: ${report.webhook.pendingUpdates})`);
  if (report.webhook.lastError) console.log(`  last webhook error: ${report.webhook.lastError}`);
  console.log(`  inline mode: ${report.inline.enabled ? "on" : "off"}`);
  console.log("Set in @BotFather (the Bot API cannot):");
  for (const step of report.inline.botFather) console.log(`  ${step}`);
  if (!env.telegramBotLink) console.log("  /newapp, then TELEGRAM_BOT_LINK=https://t.me/<bot>/<app>: inline cards and chat posts need the Mini App link");
}

main().catch((error: unknown) => {
  const { code, description } = describeBotError(error);
  console.error(`bot:setup failed: ${description}${code ? ` (${code})` : ""}`);
  process.exit(1);
});
