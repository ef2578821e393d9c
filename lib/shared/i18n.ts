import { DEFAULT_LANGUAGE, textsOf, type Language, type MessageKey, type Tree } from "@/lib/shared/languages";
import { en } from "@/lib/shared/strings-en";
import { fill, ru, type Strings } from "@/lib/shared/strings";

export * from "@/lib/shared/languages";

/**
 * Every language's dictionary, for the server (notices, errors, statements, the bot). The browser
 * never imports this module (eslint.config.mjs): it ships Russian and loads another language only
 * for a customer who reads it (lib/client/language.tsx).
 */
export const DICTIONARIES: Record<Language, Strings> = { ru, en };

const texts: Partial<Record<Language, Map<string, string>>> = {};

function textsIn(language: Language): Map<string, string> {
  return (texts[language] ??= textsOf(DICTIONARIES[language] as unknown as Tree));
}

/** The text of `key` in `language`, its `{placeholders}` filled from `params`. */
export function message(key: MessageKey, language: Language = DEFAULT_LANGUAGE, params?: Record<string, string | number>): string {
  const text = textsIn(language).get(key) ?? textsIn(DEFAULT_LANGUAGE).get(key) ?? key;
  return params ? fill(text, params) : text;
}
