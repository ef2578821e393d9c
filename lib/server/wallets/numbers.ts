import "server-only";
import crypto from "node:crypto";
import { isWalletNumberTaken } from "@/lib/server/wallets/store";

/** A source of random integers in [0, max); injectable so the demo seed is reproducible. */
export type RandomInt = (max: number) => number;

const defaultRandom: RandomInt = (max) => crypto.randomInt(max);

/** Account numbers look like Russian card numbers: the 2202 prefix, 11 random digits, Luhn check. */
const PREFIX = "2202";

export function luhnCheckDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    // Double every second digit counting from the right of the final number (check digit excluded).
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  if (!/^\d{2,}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

export function generateWalletNumber(random: RandomInt = defaultRandom): string {
  let body = PREFIX;
  while (body.length < 15) body += String(random(10));
  return body + String(luhnCheckDigit(body));
}

/**
 * A number no wallet has yet. Runs inside the creating transaction; the unique index on
 * `Wallet.number` remains the final guard (callers retry the transaction on a violation).
 */
export async function uniqueWalletNumber(tx: Parameters<typeof isWalletNumberTaken>[0], random?: RandomInt): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const number = generateWalletNumber(random);
    if (!(await isWalletNumberTaken(tx, number))) return number;
  }
  throw new Error("could not find a free wallet number");
}
