import "server-only";
import { parseAmount, type Currency } from "@/lib/shared/money";
import { createRequestBody, type CreateRequestBody } from "@/lib/shared/schemas/requests";

/** Currency as people type it after (or around) an amount: the code in any case, or its symbol. */
const CURRENCY_WORDS: Record<string, Currency> = {
  rub: "RUB",
  "₽": "RUB",
  руб: "RUB",
  usd: "USD",
  $: "USD",
  eur: "EUR",
  "€": "EUR",
  cny: "CNY",
  "¥": "CNY",
};
const AMOUNT_WITH_SYMBOL = /^([$€¥₽]?)(\d[\d.,]*)([$€¥₽]?)$/;

/**
 * Reads an inline query as a payment request: an amount ("500", "12.50", "12,50", "$20",
 * "500₽"), then optionally a currency ("usd", "EUR", "₽"; rubles when none), then the message
 * ("12.50 usd за обед"). Null when it does not start with an amount or the request would be
 * refused (the same schema as POST /api/v1/requests: a positive amount, a message of at most 140
 * characters without control characters).
 */
export function parseRequestQuery(query: string): CreateRequestBody | null {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const match = AMOUNT_WITH_SYMBOL.exec(words[0] ?? "");
  if (!match || (match[1] && match[3])) return null;
  const minor = parseAmount(match[2]);
  if (minor === null || minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  let rest = words.slice(1);
  let currency: Currency = CURRENCY_WORDS[match[1] || match[3]] ?? "RUB";
  const named = rest[0] ? CURRENCY_WORDS[rest[0].toLowerCase()] : undefined;
  if (!match[1] && !match[3] && named) {
    currency = named;
    rest = rest.slice(1);
  }
  const parsed = createRequestBody.safeParse({ currency, amount: Number(minor), message: rest.join(" ") || null });
  return parsed.success ? parsed.data : null;
}
