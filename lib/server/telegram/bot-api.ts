import "server-only";
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, GrammyError, HttpError, type Transformer } from "grammy";
import { getEnv, type BotEnv } from "@/lib/server/platform/env";
import { processState } from "@/lib/server/platform/process-state";

/**
 * A request that never got an answer (a kept-alive connection the server had just closed, a
 * reset) is sent again after 0.2 and 0.4 s, then the failure is thrown.
 */
const retryNetworkFailures: Transformer = async (prev, method, payload, signal) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      if (!(error instanceof HttpError) || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
};

/**
 * The one Bot API client: grammY's `Api` (the protocol, JSON answers checked, typed methods)
 * with its auto-retry plugin — a 429 waits its `retry_after` (at most 30 s), a 5xx is tried again
 * after 3, 6 and 12 s, three times at most; a request that got no answer is sent twice more at
 * once, then thrown. Every call times out after 10 s. The token is in
 * the URL only; errors are logged through `describeBotError`, which never quotes it.
 */
export function botApi(
  config: Pick<BotEnv, "telegramBotToken" | "telegramApiUrl"> = getEnv(),
  options: { retries?: boolean } = {},
): Api {
  const { telegramBotToken, telegramApiUrl } = config;
  const retries = options.retries ?? true;
  const cache = processState("bot-api", () => new Map<string, Api>());
  const key = `${telegramApiUrl}\n${telegramBotToken}\n${retries}`;
  let api = cache.get(key);
  if (!api) {
    api = new Api(telegramBotToken, { apiRoot: telegramApiUrl, timeoutSeconds: 10 });
    cache.set(key, api);
    // The notification worker schedules its own retries (it must not hold a message for 30 s).
    if (!retries) return api;
    // The plugin would retry network failures without a bound; ours tries twice more, shortly.
    api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true }));
    api.config.use(retryNetworkFailures);
  }
  return api;
}

/** What a failed call says, for logs and for callers: the Bot API's code and text, no URL. */
export function describeBotError(error: unknown): { code: number | null; description: string } {
  if (error instanceof GrammyError) return { code: error.error_code, description: `${error.method}: ${error.description}` };
  if (error instanceof HttpError) return { code: null, description: "network error talking to the Bot API" };
  return { code: null, description: error instanceof Error ? error.name : "unknown error" };
}
