import { loadedTelegram } from "@/lib/client/telegram/env";

/** Wrong-code vibration length (spec §9). */
export const WRONG_CODE_VIBRATION_MS = 200;

/** Error haptic inside Telegram; a no-op elsewhere or before the SDK has loaded. */
export function hapticError(): void {
  const env = loadedTelegram();
  try {
    if (env?.sdk.hapticFeedback.notificationOccurred.isAvailable()) {
      env.sdk.hapticFeedback.notificationOccurred("error");
    }
  } catch {
    // Haptics are a nicety; an old client without them must not break the flow.
  }
}

/** Success haptic inside Telegram (money moved, a number copied); a no-op elsewhere. */
export function hapticSuccess(): void {
  const env = loadedTelegram();
  try {
    if (env?.sdk.hapticFeedback.notificationOccurred.isAvailable()) {
      env.sdk.hapticFeedback.notificationOccurred("success");
    }
  } catch {
    // Haptics are a nicety.
  }
}

/** Selection haptic inside Telegram (an account or option picked); a no-op elsewhere. */
export function hapticSelection(): void {
  const env = loadedTelegram();
  try {
    if (env?.sdk.hapticFeedback.selectionChanged.isAvailable()) env.sdk.hapticFeedback.selectionChanged();
  } catch {
    // Haptics are a nicety.
  }
}

/** Device vibration where the browser supports it (Android webviews; iOS ignores it). */
export function vibrate(ms: number): void {
  if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function") {
    navigator.vibrate(ms);
  }
}
