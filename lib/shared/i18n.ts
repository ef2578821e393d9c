import { en } from "@/lib/shared/strings-en";
import { ru, type Strings } from "@/lib/shared/strings";

export type { Strings };

/** The languages the product speaks; Russian is the default. */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";


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

type Tree = { readonly [key: string]: Tree | string | readonly string[] };
let paths: Map<string, readonly string[]> | null = null;

/** Where each Russian text sits in the dictionary ("Кошелёк не найден" → errors.walletNotFound). */
function russianPaths(): Map<string, readonly string[]> {
  if (paths) return paths;
  const found = new Map<string, readonly string[]>();
  const walk = (tree: Tree, at: readonly string[]) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") {
        if (!found.has(value)) found.set(value, [...at, key]);
      } else if (!Array.isArray(value)) walk(value as Tree, [...at, key]);
    }
  };
  // Error texts first: where a text also stands elsewhere, an error keeps its error translation.
  walk({ errors: ru.errors } as unknown as Tree, []);
  walk(ru as unknown as Tree, []);
  paths = found;
  return found;
}

/**
 * A Russian text of the dictionary in another language: the text at the same key. Server errors
 * carry the Russian text they were made with (zod schemas and use cases use `ru`); the answer
 * is given in the caller's language. A text that is not in the dictionary stays as it is.
 */
export function translate(russian: string, language: Language): string {
  if (language === "ru") return russian;
  const path = russianPaths().get(russian);
  if (!path) return russian;
  let node: unknown = DICTIONARIES[language];
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === "string" ? node : russian;
}
