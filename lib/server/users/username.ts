import "server-only";
import crypto from "node:crypto";
import { isSqliteLockConflict, isUniqueViolation } from "@/lib/server/db/errors";

const MAX_LENGTH = 32;

/**
 * Names nobody gets by signing in: they would pass for the bank itself. (System users, created by
 * the bank, may hold them.)
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "admin", "administrator", "bank", "billing", "help", "helpdesk", "info", "minibank", "moderator",
  "no_reply", "noreply", "official", "postmaster", "root", "security", "service", "support",
  "system", "telegram", "wallet",
]);

/**
 * E-mail users' handles live in a namespace no Telegram username can enter (Telegram allows only
 * letters, digits and underscores): "e." + eight random letters and digits. So an e-mail user can
 * never hold a name that a Telegram user could own, "send to @name" reaches that Telegram user,
 * and the handle — shown to others in lookups, receipts and notices — says nothing about the
 * address. (Handles made from the address before stay as they are.)
 */
export const EMAIL_HANDLE_PREFIX = "e.";
const HANDLE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A handle the bank made ("e.k7qm2xwa", or "e.k7qm2xwa2" after a clash): nobody typed it. */
const MADE_HANDLE = /^e\.[a-km-np-z2-9]{8}\d*$/;

/** Whether `name` is a handle the bank made (MADE_HANDLE), not words a person chose. */
export function isMadeHandle(name: string): boolean {
  return MADE_HANDLE.test(name);
}

/** A new e-mail user's handle base: "e.k7qm2xwa" (40 random bits; `freeUsername` settles a clash). */
export function emailHandleBase(): string {
  const bytes = crypto.randomBytes(8);
  return EMAIL_HANDLE_PREFIX + Array.from(bytes, (b) => HANDLE_ALPHABET[b % HANDLE_ALPHABET.length]).join("");
}

/** Whether a user's name is the Telegram username Telegram vouches for. */
export function isTelegramVerified(user: { username: string | null; telegramUsername: string | null }): boolean {
  return Boolean(user.username && user.telegramUsername && user.username === user.telegramUsername.toLowerCase());
}

/**
 * A username candidate from free text (an e-mail local part, a Telegram username): lower case,
 * letters, digits and underscores only, at least 3 characters.
 */
export function usernameBase(raw: string): string {
  const cleaned = raw
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, MAX_LENGTH - 6);
  return cleaned.length >= 3 ? cleaned : `user_${cleaned}`.replace(/_$/, "");
}

/**
 * `base` if nobody has it (and it is not reserved), else `base2`, `base3`, … — the smallest free
 * one, given the usernames `taken` that start with `base` (more do no harm).
 */
export function freeUsername(base: string, taken: readonly { username: string | null }[]): string {
  const held = new Set(taken.map((user) => user.username));
  if (!held.has(base) && !RESERVED_USERNAMES.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!held.has(candidate)) return candidate;
  }
}

/**
 * Runs `attempt` (one transaction) again when it lost a race: on a unique column (username,
 * e-mail, Telegram id), or on SQLite for the file's write lock, which another process took between
 * the transaction's reads and its first write ("database is locked", SQLITE_BUSY_SNAPSHOT:
 * nothing was written), as two instances on one file do with simultaneous first sign-ins. Past
 * its tries a lock conflict answers 503 (db/errors.ts), never 500.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !(isUniqueViolation(error) || isSqliteLockConflict(error))) throw error;
      // The other process is still writing: give it a few milliseconds, more each time, at
      // random so that two processes that collided do not collide again in step.
      if (isSqliteLockConflict(error)) await new Promise((resolve) => setTimeout(resolve, i * (10 + Math.random() * 20)));
    }
  }
}
