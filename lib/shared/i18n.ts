import { DEFAULT_LANGUAGE, joinParts, type AllStrings, type Language, type MessageKey } from "@/lib/shared/languages";
import { en } from "@/lib/shared/strings-en";
import { enFeatures } from "@/lib/shared/strings-en-features";
import { enForms } from "@/lib/shared/strings-en-forms";
import { enServer } from "@/lib/shared/strings-en-server";
import { fill, ru } from "@/lib/shared/strings";
import { ruFeatures } from "@/lib/shared/strings-features";
import { ruForms } from "@/lib/shared/strings-forms";
import { ruServer } from "@/lib/shared/strings-server";

export * from "@/lib/shared/languages";

/**
 * Every language's dictionary, for the server (notices, errors, statements, the bot). The browser
 * never imports this module (eslint.config.mjs): it ships Russian and loads another language only
 * for a customer who reads it (lib/client/language.tsx).
 */
export const DICTIONARIES: Record<Language, AllStrings> = {
  ru: joinParts(joinParts(joinParts(ru, ruForms), ruFeatures), ruServer),
  en: joinParts(joinParts(joinParts(en, enForms), enFeatures), enServer),
};

export type Tree = { readonly [key: string]: Tree | string | readonly string[] };

/** Every text of a dictionary by its key. */
export function textsOf(tree: Tree, prefix = "", into = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") into.set(key, value);
    else if (!Array.isArray(value)) textsOf(value as Tree, key, into);
  }
  return into;
}

/** Whether `value` is the key of a text (what a zod issue's message is when a schema named one). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && textsIn(DEFAULT_LANGUAGE).has(value);
}

const texts: Partial<Record<Language, Map<string, string>>> = {};

function textsIn(language: Language): Map<string, string> {
  return (texts[language] ??= textsOf(DICTIONARIES[language] as unknown as Tree));
}

/** The text of `key` in `language`, its `{placeholders}` filled from `params`. */
export function message(key: MessageKey, language: Language = DEFAULT_LANGUAGE, params?: Record<string, string | number>): string {
  const text = textsIn(language).get(key) ?? textsIn(DEFAULT_LANGUAGE).get(key) ?? key;
  return params ? fill(text, params) : text;
}
