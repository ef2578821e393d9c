"use client";

import { useSyncExternalStore } from "react";
import { forms, formStringsOf } from "@/lib/client/form-strings";
import { joinedTexts, shownLanguage, subscribe, textsPart } from "@/lib/client/language";
import { DEFAULT_LANGUAGE, type FeatureStrings, type Language, type ScreenStrings } from "@/lib/shared/languages";
import { ruFeatures } from "@/lib/shared/strings-features";

/**
 * The texts of the feature screens (top-up, exchange, requests, splits, statements, analytics,
 * schedules, debug) for the screens that show them: importing this module brings the Russian ones
 * into that screen's code, and English loads on demand as for every screen (lib/client/language.tsx).
 * /bank and the transfer form use `useStrings` of lib/client/language.tsx and carry none of them.
 */
const features = textsPart<FeatureStrings>(ruFeatures, {
  en: () => import("@/lib/shared/strings-en-features").then((module) => module.enFeatures),
});
const parts = [forms, features];

/** Every text of `language` (the same object each time, so it can be a hook's dependency). */
function allStringsOf(language: Language): ScreenStrings {
  return joinedTexts(formStringsOf(language), features.of(language));
}

/** The language a feature screen shows: Russian until its texts, the forms' and every screen's have loaded. */
export function useFeatureLanguage(): Language {
  return useSyncExternalStore(subscribe, () => shownLanguage(parts), () => DEFAULT_LANGUAGE);
}

/** Every text, in the language the screen shows: what a feature screen reads its words from. */
export function useAllStrings(): ScreenStrings {
  return allStringsOf(useFeatureLanguage());
}
