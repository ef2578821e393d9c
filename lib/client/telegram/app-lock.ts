import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { MINOR_PER_UNIT } from "@/lib/shared/money";
import { currentFormStrings } from "@/lib/client/form-strings";

/**
 * The optional app lock: Telegram's BiometricManager (Bot API 7.2). It is a convenience on this
 * device, not a security boundary the server relies on: the server never learns whether the app
 * was unlocked. Whether the lock is on is Telegram's own record — a biometric token saved for this
 * bot on this device (`tokenSaved`) — so it cannot be switched off by clearing the webview's
 * storage; only its timings live in local storage.
 */
export type Biometry = TelegramEnv["sdk"]["biometry"];

export type LockPrefs = {
  /** Minutes in the background after which opening the app asks for biometrics. */
  afterMinutes: number;
  /** Transfers worth more than this many rubles ask for biometrics before they are sent. */
  aboveRub: number;
};

export const LOCK_MINUTES = [1, 5, 15] as const;
export const LOCK_ABOVE_RUB = [1_000, 10_000, 100_000] as const;
export const DEFAULT_LOCK_PREFS: LockPrefs = { afterMinutes: 5, aboveRub: 10_000 };
const PREFS_KEY = "mb-app-lock";
/** How long the client may take to say whether the device has biometrics (and the lock is on). */
const BIOMETRY_ANSWER_MS = 3_000;
const HIDDEN_AT_KEY = "mb-app-hidden-at";

function local(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readLockPrefs(): LockPrefs {
  try {
    const saved = JSON.parse(local()?.getItem(PREFS_KEY) ?? "null") as Partial<LockPrefs> | null;
    return {
      afterMinutes: LOCK_MINUTES.find((m) => m === saved?.afterMinutes) ?? DEFAULT_LOCK_PREFS.afterMinutes,
      aboveRub: LOCK_ABOVE_RUB.find((a) => a === saved?.aboveRub) ?? DEFAULT_LOCK_PREFS.aboveRub,
    };
  } catch {
    return DEFAULT_LOCK_PREFS;
  }
}

export function saveLockPrefs(prefs: LockPrefs): void {
  local()?.setItem(PREFS_KEY, JSON.stringify(prefs));
}

/** The app went to the background (or closed) now. */
export function markHidden(now = Date.now()): void {
  local()?.setItem(HIDDEN_AT_KEY, String(now));
}

/** Unlocked, or in use: the background clock starts again next time. */
export function markActive(): void {
  local()?.removeItem(HIDDEN_AT_KEY);
}

/** Whether coming back now needs the lock: N minutes in the background, or no record of when it left. */
export function lockDue(now: number, prefs: LockPrefs = readLockPrefs()): boolean {
  const hiddenAt = Number(local()?.getItem(HIDDEN_AT_KEY) ?? NaN);
  return !Number.isFinite(hiddenAt) || now - hiddenAt >= prefs.afterMinutes * 60_000;
}

/**
 * The device's biometrics, mounted, or null: outside Telegram, on clients before Bot API 7.2, on
 * devices without biometrics (then the setting is not offered at all) and when the client does not
 * answer within 3 s (the lock is a convenience, not a boundary: the app opens).
 */
export async function deviceBiometry(env: Pick<TelegramEnv, "sdk" | "native" | "launchParams">): Promise<Biometry | null> {
  if (!env.native || !hasFeature(env, "biometry")) return null;
  const biometry = env.sdk.biometry;
  try {
    if (!biometry.isMounted()) {
      if (!biometry.mount.isAvailable()) return null;
      // A client that never answers must not hold up the app (the lock gate waits for this).
      await biometry.mount(typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(BIOMETRY_ANSWER_MS) : undefined);
    }
    return biometry.state().available ? biometry : null;
  } catch {
    return null;
  }
}

/** Switched on or off in this page: the SDK reads `tokenSaved` only when it mounts. */
let switched: boolean | null = null;

export function lockIsOn(biometry: Biometry): boolean {
  return switched ?? biometry.state().tokenSaved;
}

/** Asks once for access (with the reason shown), then for the user's biometrics; true when they passed. */
export async function unlockWithBiometry(biometry: Biometry, reason: string): Promise<boolean> {
  try {
    if (!biometry.state().accessGranted) {
      const granted = await biometry.requestAccess({ reason: currentFormStrings().lock.accessReason });
      if (!granted) return false;
    }
    const result = await biometry.authenticate({ reason });
    return result.status === "authorized";
  } catch {
    return false;
  }
}

/** Turns the lock on: access, one successful check, then Telegram stores the token that marks it on. */
export async function turnLockOn(biometry: Biometry): Promise<boolean> {
  if (!(await unlockWithBiometry(biometry, currentFormStrings().lock.enableReason))) return false;
  try {
    const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    const updated = (await biometry.updateToken({ token, reason: currentFormStrings().lock.enableReason })) === "updated";
    if (updated) switched = true;
    return updated;
  } catch {
    return false;
  }
}

export async function turnLockOff(biometry: Biometry): Promise<boolean> {
  try {
    const removed = (await biometry.updateToken({ token: "" })) === "removed";
    if (removed) switched = false;
    return removed;
  } catch {
    return false;
  }
}

/**
 * Before a transfer is sent: with the lock on, one worth more than the chosen rubles (at the
 * current rate; unknown when there is no rate, which counts as more) needs biometrics. True when
 * it may go: no lock, a small transfer, or biometrics passed.
 */
export async function transferAllowed(env: Pick<TelegramEnv, "sdk" | "native" | "launchParams">, rubMinor: bigint | null): Promise<boolean> {
  const biometry = await deviceBiometry(env);
  if (!biometry || !lockIsOn(biometry)) return true;
  if (rubMinor !== null && rubMinor <= BigInt(readLockPrefs().aboveRub) * MINOR_PER_UNIT) return true;
  return unlockWithBiometry(biometry, currentFormStrings().lock.transferReason);
}

/**
 * Before a step that lowers the customer's guard (unfreezing transfers): with the lock on, it needs
 * biometrics. True when it may go: no lock on this device, or biometrics passed.
 */
export async function guardLifted(env: Pick<TelegramEnv, "sdk" | "native" | "launchParams">, reason: string): Promise<boolean> {
  const biometry = await deviceBiometry(env);
  if (!biometry || !lockIsOn(biometry)) return true;
  return unlockWithBiometry(biometry, reason);
}
