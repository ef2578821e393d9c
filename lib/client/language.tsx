"use client";

import { useEffect, useSyncExternalStore } from "react";
import { isInsideTelegram } from "@/lib/client/telegram/detect";
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language, type Strings } from "@/lib/shared/languages";
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
 * The dictionaries in this page. Russian (the default) comes with the code; another language's
 * texts are a chunk of their own, loaded only for a customer who reads them, so a Russian
 * customer's screens do not carry them.
 */
const loaded: Partial<Record<Language, Strings>> = { ru };
const loading: Partial<Record<Language, Promise<void>>> = {};

const loaders: Record<Exclude<Language, "ru">, () => Promise<Strings>> = {
  en: () => import("@/lib/shared/strings-en").then((module) => module.en),
};

/**
 * Loads `language`'s texts once and re-renders the screens when they arrive. A failed load (the
 * network gone) leaves the screens in Russian; the next render asks again.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (language === "ru" || loaded[language]) return Promise.resolve();
  return (loading[language] ??= loaders[language]()
    .then((strings) => {
      loaded[language] = strings;
      notify();
    })
    .catch(() => {
      delete loading[language];
    }));
}

/** `language`'s dictionary, or Russian's while it is loading. */
export function stringsOf(language: Language): Strings {
  return loaded[language] ?? ru;
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

/** The language the screens show now: the current one once its texts have loaded, Russian until then. */
function shownLanguage(): Language {
  const language = currentLanguage();
  if (loaded[language]) return language;
  void loadLanguage(language);
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

function subscribe(listener: () => void): () => void {
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
  return useSyncExternalStore(subscribe, shownLanguage, () => DEFAULT_LANGUAGE);
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
