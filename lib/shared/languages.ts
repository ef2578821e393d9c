import type { Strings } from "@/lib/shared/strings";
import type { FeatureStrings } from "@/lib/shared/strings-features";
import type { FormStrings } from "@/lib/shared/strings-forms";
import type { ServerStrings } from "@/lib/shared/strings-server";

/**
 * What the browser may import of the languages: their names, how one is picked, and the keys of
 * the texts. No dictionary comes with it: the server has them all in lib/shared/i18n.ts; the
 * browser ships Russian with the screens that show it and loads another language on demand
 * (lib/client/language.tsx).
 */

export type { FeatureStrings, FormStrings, ServerStrings, Strings };

/** What every screen needs with the forms' texts (sign-in, the transfer form, receipts, the lock). */
export type FormScreenStrings = Strings & FormStrings;
/** The texts the browser may show: every screen's, the forms' and the feature screens'. */
export type ScreenStrings = FormScreenStrings & FeatureStrings;
/** Every text of a language: the screens' and those only the server says. */
export type AllStrings = ScreenStrings & ServerStrings;

type Texts = { readonly [key: string]: unknown };

/**
 * Two parts of a dictionary as one: a section both have (`errors`, `telegram`) holds the texts of
 * both, at any depth.
 */
export function joinParts<A extends Texts, B extends Texts>(a: A, b: B): A & B {
  const joined: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = joined[key];
    joined[key] = isSection(mine) && isSection(value) ? joinParts(mine, value) : value;
  }
  return joined as A & B;
}

function isSection(value: unknown): value is Texts {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The languages the product speaks; Russian is the default. */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for a user: their own choice when they made one (the settings switch), else the
 * first language their client names — Telegram's `language_code` inside Telegram, the browser's
 * languages outside it — Russian for Russian and English for any other; Russian when nothing
 * is known.
 */
export function pickLanguage(options: { chosen?: string | null; detected?: readonly (string | null | undefined)[] }): Language {
  if (isLanguage(options.chosen)) return options.chosen;
  const first = options.detected?.find((tag) => typeof tag === "string" && tag.trim() !== "");
  if (!first) return DEFAULT_LANGUAGE;
  return first.trim().toLowerCase().split(/[-_]/)[0] === "ru" ? "ru" : "en";
}

/**
 * The language tags of an Accept-Language header, most preferred first ("*" and q=0 dropped):
 * "en-GB,en;q=0.9,ru;q=0.8" → ["en-GB", "en", "ru"].
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The key of every text of the dictionaries: its dotted path ("errors.walletNotFound"). Errors
 * travel as keys (a zod schema's message, an AppError's words) and become words in the language of
 * whoever reads them. Lists are not texts, so their items have no key.
 */
export type MessageKey = KeysOf<AllStrings>;
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends readonly unknown[] ? never : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/**
 * A zod check's words, named by key (`z.number(says("errors.invalidAmount"))`): the issue's
 * message is the key, which the server answers with in the caller's language.
 */
export function says(key: MessageKey): { error: MessageKey } {
  return { error: key };
}
