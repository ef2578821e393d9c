import { decodeStartQuery, parseQrContent, transferPathFor, type TransferLink } from "@/lib/client/qr";
import { payPathFor, requestTokenFromPayload } from "@/lib/client/request-link";
import { splitScreenPath, splitTokenFromPayload } from "@/lib/client/split-link";
import { launchStartParam, takeStartParam } from "@/lib/client/start-param";

export { launchStartParam };

/**
 * Payment links that open inside Telegram: the bot's Mini App link with a `startapp` payload
 * (`https://t.me/<bot>/<app>?startapp=pay-…`). Telegram allows A–Z, a–z, 0–9, _ and - in a
 * payload, at most 512 characters, so the transfer's parameters travel base64url-encoded after
 * "pay-". A phone camera opens such a link in Telegram, where the app reads it at launch.
 */
const PREFIX = "pay-";
const MAX_PAYLOAD = 512;
const PAYLOAD = /^[A-Za-z0-9_-]{1,512}$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The `startapp` payload for a transfer link; null when it would not fit Telegram's limits. */
export function startPayloadFor(link: TransferLink): string | null {
  const params = new URLSearchParams({ method: link.method, target: link.target });
  if (link.amount) params.set("amount", link.amount);
  const payload = PREFIX + toBase64Url(params.toString());
  return payload.length <= MAX_PAYLOAD ? payload : null;
}

/** The transfer a `startapp` payload carries, validated as a scanned QR code would be; else null. */
export function linkFromStartPayload(payload: string | null | undefined): TransferLink | null {
  if (!payload || !PAYLOAD.test(payload) || !payload.startsWith(PREFIX)) return null;
  const query = decodeStartQuery(payload.slice(PREFIX.length));
  if (query === null) return null;
  const parsed = parseQrContent(`minibank://transfer?${query}`);
  return parsed.ok ? parsed.link : null;
}

/** `https://t.me/<bot>/<app>?startapp=pay-…` for a transfer, when the bot's link is known. */
export function startAppLinkFor(botLink: string | undefined, link: TransferLink): string | null {
  if (!botLink) return null;
  const payload = startPayloadFor(link);
  if (!payload) return null;
  const url = new URL(botLink);
  url.searchParams.set("startapp", payload);
  return url.toString();
}

/**
 * The receipt a `startapp` payload opens ("rcpt-" and the transfer id, the button of a receipt
 * sent as a Telegram message): its path, or null. Only its sender and receiver can read it.
 */
export function receiptPathFromPayload(payload: string | null | undefined): string | null {
  const match = payload ? /^rcpt-(\d{1,15})$/.exec(payload) : null;
  return match ? `/receipt/${match[1]}` : null;
}

const PENDING_KEY = "mb-start-path";

/**
 * A payment payload becomes the prefilled transfer screen's path (a request's, its pay screen; a
 * receipt's, the receipt), kept until the user is signed in (sign-in then goes there instead of
 * the wallet). Returns that path, or null.
 */
function rememberStartPayload(payload: string | null, storage: Storage): string | null {
  const request = requestTokenFromPayload(payload);
  const split = splitTokenFromPayload(payload);
  const link = request || split ? null : linkFromStartPayload(payload);
  const path = request ? payPathFor(request) : split ? splitScreenPath(split) : link ? transferPathFor(link) : receiptPathFromPayload(payload);
  if (!path) return null;
  storage.setItem(PENDING_KEY, path);
  return path;
}

/** A launch's start parameter remembered as the path to open after sign-in (see above). */
export function rememberStartLink(location: Pick<Location, "hash" | "search">, storage: Storage): string | null {
  return rememberStartPayload(launchStartParam(location), storage);
}

/** Keeps a path to open once the visitor has signed in (a request link opened signed out). */
export function rememberPath(path: string, storage: Storage): void {
  takeStartParam(storage); // the later choice wins over the launch's parameter
  storage.setItem(PENDING_KEY, path);
}

/**
 * Where to go after sign-in: a payment link the launch carried (kept at launch by
 * lib/client/start-param.ts) or a path kept since, once; else the wallet.
 */
export function takeStartPath(storage: Storage | null): string {
  const launched = storage ? takeStartParam(storage) : null;
  if (launched && storage) rememberStartPayload(launched, storage);
  const path = storage?.getItem(PENDING_KEY) ?? null;
  storage?.removeItem(PENDING_KEY);
  return path && (path.startsWith("/transfer-money?") || path.startsWith("/pay?r=") || path.startsWith("/split?s=") || /^\/receipt\/\d{1,15}$/.test(path)) ? path : "/bank";
}
