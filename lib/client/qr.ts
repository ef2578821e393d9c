import { minorToDecimal, parseAmount } from "@/lib/shared/money";
import { currentFormStrings } from "@/lib/client/form-strings";

/** How a transfer recipient is identified (spec §2: account number, username, e-mail). */
export type TransferMethod = "card" | "username" | "email";

export const TRANSFER_METHODS: readonly TransferMethod[] = ["card", "username", "email"];

export function isTransferMethod(value: unknown): value is TransferMethod {
  return typeof value === "string" && (TRANSFER_METHODS as readonly string[]).includes(value);
}

/** What a payment QR code carries: who to pay and, optionally, how much (a decimal string). */
export type TransferLink = {
  method: TransferMethod;
  target: string;
  amount?: string;
};

export type QrParseResult = { ok: true; link: TransferLink } | { ok: false; error: string };

/** The product's own app scheme and host (spec §9: custom scheme, host `transfer`). */
export const QR_SCHEME = "minibank:";
export const QR_HOST = "transfer";

/**
 * Builds the payment link a top-up QR encodes:
 * `minibank://transfer?method=card&target=<account number>&amount=<amount>`.
 * The amount is normalised to two decimals ("150,5" → "150.50"); an invalid amount is left out.
 */
export function buildTransferLink(target: string, amount?: string): string {
  const params = new URLSearchParams({ method: "card", target: target.trim() });
  const minor = amount === undefined ? null : parseAmount(amount);
  if (minor !== null) params.set("amount", minorToDecimal(minor));
  return `minibank://${QR_HOST}?${params.toString()}`;
}

/**
 * Reads scanned QR content. Only a `minibank://transfer?...` link with a known method and a
 * target is accepted; an amount, when present, must be a valid positive amount.
 */
export function parseQrContent(content: string | null | undefined): QrParseResult {
  const text = (content ?? "").trim();
  if (!text) return { ok: false, error: currentFormStrings().qr.empty };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: currentFormStrings().qr.invalidFormat };
  }
  // The Telegram form: https://t.me/<bot>/<app>?startapp=pay-… (lib/client/start-link.ts).
  if (url.protocol === "https:" && url.host === "t.me" && url.searchParams.has("startapp")) {
    const payload = url.searchParams.get("startapp") ?? "";
    if (!/^pay-[A-Za-z0-9_-]{1,508}$/.test(payload)) return { ok: false, error: currentFormStrings().qr.invalidFormat };
    const query = decodeStartQuery(payload.slice(4));
    return query === null ? { ok: false, error: currentFormStrings().qr.invalidFormat } : parseQrContent(`minibank://${QR_HOST}?${query}`);
  }
  if (url.protocol !== QR_SCHEME || url.host !== QR_HOST) {
    return { ok: false, error: currentFormStrings().qr.invalidFormat };
  }
  const method = url.searchParams.get("method");
  const target = url.searchParams.get("target")?.trim() ?? "";
  const amount = url.searchParams.get("amount")?.trim() ?? "";
  if (!isTransferMethod(method) || !target) return { ok: false, error: currentFormStrings().qr.invalidFormat };
  if (amount && parseAmount(amount) === null) return { ok: false, error: currentFormStrings().qr.invalidFormat };
  return { ok: true, link: amount ? { method, target, amount } : { method, target } };
}

/** base64url → the query it encodes (a `startapp` payment payload); null when it is not one. */
export function decodeStartQuery(encoded: string): string | null {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    const query = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return query.includes("://") ? null : query;
  } catch {
    return null;
  }
}

/** The in-app page a scanned link opens: the transfer form, prefilled. */
export function transferPathFor(link: TransferLink): string {
  const params = new URLSearchParams({ method: link.method, target: link.target });
  if (link.amount) params.set("amount", link.amount);
  return `/transfer-money?${params.toString()}`;
}

/** Message for a scan that failed before any content was read (camera, image decoding). */
export function qrDecodeFailed(): string {
  return currentFormStrings().qr.processFailed;
}
