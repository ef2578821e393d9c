import { en } from "@/lib/shared/strings-en";
import { ru } from "@/lib/shared/strings";

/** The languages the product speaks; Russian is the default. */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";

/** Texts as plain strings (lists keep their length): the shape every dictionary must have. */
type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? { readonly [K in keyof T]: string }
    : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape of the Russian dictionary: every other language's dictionary has exactly its keys. */
export type Strings = Widen<typeof ru>;

export const DICTIONARIES: Record<Language, Strings> = { ru, en };

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
