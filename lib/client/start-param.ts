/**
 * The start parameter a launch carries, kept as it came for the tab. Every page reads it at
 * launch (lib/client/telegram/provider.tsx), so this module holds nothing more: what a payload
 * means (a transfer, a request, a split, a receipt) is worked out where it is used, at sign-in
 * (lib/client/start-link.ts).
 */
const PAYLOAD_KEY = "mb-start-payload";

/**
 * The start parameter this launch carries: Telegram passes `tgWebAppStartParam` in the launch
 * URL's hash; the plain-browser imitation (and a t.me link opened outside Telegram) `startapp`.
 */
export function launchStartParam(location: Pick<Location, "hash" | "search">): string | null {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const search = new URLSearchParams(location.search);
  return hash.get("tgWebAppStartParam") ?? search.get("tgWebAppStartParam") ?? search.get("startapp");
}

/** At launch: keeps this launch's start parameter, if any, until sign-in reads it. */
export function keepStartParam(location: Pick<Location, "hash" | "search">, storage: Storage): void {
  const payload = launchStartParam(location);
  if (payload) storage.setItem(PAYLOAD_KEY, payload);
}

/** The kept start parameter, once (it is forgotten as it is read). */
export function takeStartParam(storage: Storage): string | null {
  const payload = storage.getItem(PAYLOAD_KEY);
  storage.removeItem(PAYLOAD_KEY);
  return payload;
}
