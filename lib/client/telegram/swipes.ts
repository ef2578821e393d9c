import type { TelegramEnv } from "@/lib/client/telegram/init";

/** How many open forms, sheets and scanners want vertical swipes off (they may overlap). */
let swipeHolders = 0;

/**
 * Turns Telegram's swipe-down-to-collapse off while a form, the confirmation sheet or the scanner
 * is open (Bot API 7.7), so a vertical swipe there scrolls instead of closing the app; the
 * returned function gives it back once the last holder is gone. A no-op where unsupported.
 */
export function holdVerticalSwipes(env: Pick<TelegramEnv, "sdk"> | null): () => void {
  const swipe = env?.sdk.swipeBehavior;
  if (!swipe || !swipe.isMounted()) return () => undefined;
  swipeHolders += 1;
  try {
    if (swipe.disableVertical.isAvailable()) swipe.disableVertical();
  } catch {
    // An old client: swipes stay as they are.
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    swipeHolders -= 1;
    if (swipeHolders > 0) return;
    try {
      if (swipe.enableVertical.isAvailable()) swipe.enableVertical();
    } catch {
      // as above
    }
  };
}
