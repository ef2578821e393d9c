import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";

/**
 * "Добавить на главный экран" (Bot API 8.0: `checkHomeScreenStatus`, `addToHomeScreen`). The
 * app is offered once, from the third opening on; never again once it is on the home screen or
 * the customer declined (or once the offer was shown at all); the settings keep the row. What was
 * decided lives on the device (local storage), like the openings counted.
 */
export type HomeScreenStatus = "added" | "missed" | "unknown" | "unsupported";
/** What became of the offer on this device. */
type Outcome = "offered" | "declined" | "added";

type HomeEnv = Pick<TelegramEnv, "sdk" | "native"> & Parameters<typeof hasFeature>[0];

const OPENINGS_KEY = "mb-openings";
const COUNTED_KEY = "mb-opening-counted";
const OUTCOME_KEY = "mb-home-screen";
/** The opening from which the offer shows. */
export const OFFER_FROM_OPENING = 3;

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

/** Counts this opening of the Mini App (once per webview, whatever its page loads); their number. */
export function countOpening(): number {
  const local = storage("localStorage");
  const session = storage("sessionStorage");
  const count = Number(local?.getItem(OPENINGS_KEY) ?? 0) || 0;
  if (session?.getItem(COUNTED_KEY)) return count;
  session?.setItem(COUNTED_KEY, "1");
  local?.setItem(OPENINGS_KEY, String(count + 1));
  return count + 1;
}

function outcome(): Outcome | null {
  const value = storage("localStorage")?.getItem(OUTCOME_KEY);
  return value === "offered" || value === "declined" || value === "added" ? value : null;
}

function record(value: Outcome): void {
  storage("localStorage")?.setItem(OUTCOME_KEY, value);
}

/** Whether the app is on the home screen; "unsupported" outside Telegram and before Bot API 8.0. */
export async function homeScreenStatus(env: HomeEnv | null): Promise<HomeScreenStatus> {
  if (!env?.native || !hasFeature(env, "homeScreen")) return "unsupported";
  try {
    if (!env.sdk.checkHomeScreenStatus.isAvailable()) return "unsupported";
    const status = await env.sdk.checkHomeScreenStatus();
    if (status === "added") record("added");
    return status === "added" || status === "missed" || status === "unsupported" ? status : "unknown";
  } catch {
    return "unsupported";
  }
}

/** Whether to offer it now: from the third opening, never decided before, and not added. */
export function offerDue(status: HomeScreenStatus): boolean {
  const openings = Number(storage("localStorage")?.getItem(OPENINGS_KEY) ?? 0) || 0;
  return openings >= OFFER_FROM_OPENING && outcome() === null && (status === "missed" || status === "unknown");
}

/** The offer was shown: it is never shown again, whatever the customer does with it. */
export function markOffered(): void {
  if (outcome() === null) record("offered");
}

/** The customer said "Не сейчас". */
export function declineOffer(): void {
  record("declined");
}

/** Asks Telegram to add the app; resolves once Telegram says it was added or not. */
export function addToHomeScreen(env: HomeEnv): Promise<"added" | "declined"> {
  const { sdk } = env;
  return new Promise((resolve) => {
    const done = (answer: "added" | "declined") => {
      offAdded();
      offFailed();
      record(answer);
      resolve(answer);
    };
    const offAdded = sdk.onAddedToHomeScreen(() => done("added"));
    const offFailed = sdk.onAddToHomeScreenFailed(() => done("declined"));
    try {
      sdk.addToHomeScreen();
    } catch {
      done("declined");
    }
  });
}
