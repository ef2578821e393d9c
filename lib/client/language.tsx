"use client";

import { useEffect, useSyncExternalStore } from "react";
import { isInsideTelegram } from "@/lib/client/detect";
import { DEFAULT_LANGUAGE, isLanguage, joinParts, pickLanguage, type Language, type Strings } from "@/lib/shared/languages";
import { ru } from "@/lib/shared/strings";

/** The language chosen in settings, kept across launches. */
const CHOSEN_KEY = "mb-language";
/** Telegram's `language_code`, kept for the tab: in-app navigation drops the launch hash. */
const TELEGRAM_CODE_KEY = "mb-tg-language";

/** What the language is decided from; every part may be unknown. */
export type LanguageClues = {
  /** The switch in settings. */
  chosen?: string | null;
  insideTelegram: boolean;
  /** The launch user's `language_code` (inside Telegram). */
  telegramCode?: string | null;
  /** `navigator.languages` (outside Telegram). */
  browser?: readonly string[];
};

/**
 * The screen language: the settings switch, else Telegram's `language_code` inside Telegram,
 * else the browser's languages outside it; Russian when nothing English-like is known.
 */
export function decideLanguage(clues: LanguageClues): Language {
  return pickLanguage({
    chosen: clues.chosen,
    detected: clues.insideTelegram ? [clues.telegramCode] : (clues.browser ?? []),
  });
}

/** The `language_code` of the user in Telegram launch parameters (a URL hash). */
export function launchHashLanguageCode(hash: string): string | null {
  try {
    const data = new URLSearchParams(hash.replace(/^#/, "")).get("tgWebAppData");
    if (!data) return null;
    const user = JSON.parse(new URLSearchParams(data).get("user") ?? "null") as { language_code?: unknown } | null;
    return typeof user?.language_code === "string" ? user.language_code : null;
  } catch {
    return null;
  }
}

function storage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

function telegramCode(): string | null {
  const session = storage("sessionStorage");
  const fromHash = launchHashLanguageCode(window.location.hash);
  if (fromHash) session?.setItem(TELEGRAM_CODE_KEY, fromHash);
  return fromHash ?? session?.getItem(TELEGRAM_CODE_KEY) ?? null;
}

let current: Language | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * A part of the dictionaries: its Russian texts come with the code that imports it, another
 * language's texts are a chunk of their own, loaded only for a customer who reads them. The texts
 * every screen needs are one part (here); the feature screens' texts another
 * (lib/client/feature-strings.ts), so /bank carries neither English nor the other screens' texts.
 */
export type TextsPart<T> = {
  /** `language`'s texts, or Russian's while they are loading. */
  of(language: Language): T;
  has(language: Language): boolean;
  /**
   * Loads `language`'s texts once and re-renders the screens when they arrive. A failed load (the
   * network gone) leaves the screens in Russian; the next render asks again.
   */
  load(language: Language): Promise<void>;
};

export function textsPart<T>(ru: T, loaders: Record<Exclude<Language, "ru">, () => Promise<T>>): TextsPart<T> {
  const loaded: Partial<Record<Language, T>> = { ru };
  const loading: Partial<Record<Language, Promise<void>>> = {};
  return {
    of: (language) => loaded[language] ?? ru,
    has: (language) => loaded[language] !== undefined,
    load(language) {
      if (language === "ru" || loaded[language]) return Promise.resolve();
      return (loading[language] ??= loaders[language]()
        .then((texts) => {
          loaded[language] = texts;
          notify();
        })
        .catch(() => {
          delete loading[language];
        }));
    },
  };
}

const joins = new WeakMap<object, WeakMap<object, object>>();

/**
 * Two parts' texts as one dictionary, made once per pair of texts: the same object each time (a
 * hook's dependency), and never a Russian stand-in kept for a language whose texts arrive later.
 */
export function joinedTexts<A extends object, B extends object>(a: A, b: B): A & B {
  let withA = joins.get(a);
  if (!withA) joins.set(a, (withA = new WeakMap()));
  let both = withA.get(b) as (A & B) | undefined;
  if (!both) withA.set(b, (both = joinParts(a as Record<string, unknown>, b as Record<string, unknown>) as A & B));
  return both;
}

const core = textsPart<Strings>(ru, {
  en: () => import("@/lib/shared/strings-en").then((module) => module.en),
});

/** Loads `language`'s texts for every screen (see `textsPart`). */
export function loadLanguage(language: Language): Promise<void> {
  return core.load(language);
}

/** `language`'s dictionary, or Russian's while it is loading. */
export function stringsOf(language: Language): Strings {
  return core.of(language);
}

/** The language of the screens in this browser (Russian on the server). */
export function currentLanguage(): Language {
  if (typeof window === "undefined") return DEFAULT_LANGUAGE;
  if (current) return current;
  const inside = isInsideTelegram();
  current = decideLanguage({
    chosen: storage("localStorage")?.getItem(CHOSEN_KEY),
    insideTelegram: inside,
    telegramCode: inside ? telegramCode() : null,
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  return current;
}

/**
 * The language the screens show now: the current one once its texts have loaded (those of every
 * screen, and of `parts`), Russian until then.
 */
export function shownLanguage(parts: readonly TextsPart<unknown>[] = []): Language {
  const language = currentLanguage();
  const missing = [core, ...parts].filter((part) => !part.has(language));
  if (missing.length === 0) return language;
  for (const part of missing) void part.load(language);
  return DEFAULT_LANGUAGE;
}

/** The texts the screens show now (for code outside components: errors, prompts). */
export function currentStrings(): Strings {
  return stringsOf(shownLanguage());
}

/** The settings switch: overrides the detected language and is remembered. */
export function chooseLanguage(language: Language): void {
  storage("localStorage")?.setItem(CHOSEN_KEY, language);
  current = language;
  notify();
  void loadLanguage(language);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHOSEN_KEY || !isLanguage(event.newValue)) return;
    current = event.newValue;
    listener();
    void loadLanguage(event.newValue);
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The language the screens show. Pages render on the server, which knows neither the launch
 * parameters nor the switch: the server and the hydrating render use Russian, and the client's
 * language follows right after (useSyncExternalStore), so hydration never mismatches — for a
 * language other than Russian, once its texts have loaded.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => shownLanguage(), () => DEFAULT_LANGUAGE);
}

/** The dictionary of the language the screens show. */
export function useStrings(): Strings {
  return stringsOf(useLanguage());
}

/** Keeps `<html lang>` in step with the screens. */
export function DocumentLanguage() {
  const language = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}
