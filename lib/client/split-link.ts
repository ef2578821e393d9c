/**
 * Split links, kept apart from the split screens' code: the sign-in pages read a launch's
 * `startapp` payload with these and must stay light.
 */
/** Telegram's `startapp` payload for a split: "split-" and its token. */
const PREFIX = "split-";
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const RECEIPT = /^[1-9]\d{0,14}$/;

/**
 * The in-app path of a split's screen; made from a receipt (`receipt`, its transfer's id), the
 * screen's Back returns to that receipt.
 */
export function splitScreenPath(token: string, receipt?: string | null): string {
  return receipt && RECEIPT.test(receipt) ? `/split?s=${token}&receipt=${receipt}` : `/split?s=${token}`;
}

/** The receipt a split's form or screen was opened from (`?receipt=42`), when it is one; else null. */
export function receiptOf(params: { get(name: string): string | null }): string | null {
  const receipt = params.get("receipt");
  return receipt && RECEIPT.test(receipt) ? receipt : null;
}

/** The split a `startapp` payload names, or null. */
export function splitTokenFromPayload(payload: string | null | undefined): string | null {
  if (!payload?.startsWith(PREFIX)) return null;
  const token = payload.slice(PREFIX.length);
  return TOKEN.test(token) ? token : null;
}

/** A split's link: the bot's Mini App link with `startapp=split-…` when known, else this site's page. */
export function splitLinkFor(token: string, botLink: string | undefined, origin: string): string {
  if (botLink) {
    const url = new URL(botLink);
    url.searchParams.set("startapp", `${PREFIX}${token}`);
    return url.toString();
  }
  return `${origin}${splitScreenPath(token)}`;
}
