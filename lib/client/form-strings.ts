"use client";

import { useSyncExternalStore } from "react";
import { joinedTexts, shownLanguage, stringsOf, subscribe, textsPart } from "@/lib/client/language";
import { DEFAULT_LANGUAGE, type FormScreenStrings, type FormStrings, type Language } from "@/lib/shared/languages";
import { ruForms } from "@/lib/shared/strings-forms";

/**
 * The texts of the forms (sign-in, the transfer form with its confirmation and receipt, the QR
 * scanner, the app lock) for the screens that show them: importing this module brings the Russian
 * ones into that screen's code, and English loads on demand as for every screen
 * (lib/client/language.tsx). /bank uses `useStrings` of lib/client/language.tsx and carries none.
 */
export const forms = textsPart<FormStrings>(ruForms, {
  en: () => import("@/lib/shared/strings-en-forms").then((module) => module.enForms),
});
const parts = [forms];

/** Every screen's texts and the forms' in `language` (the same object each time: a hook's dependency). */
export function formStringsOf(language: Language): FormScreenStrings {
  return joinedTexts(stringsOf(language), forms.of(language));
}

/** The forms' texts as the screens show them now (for code outside components: parsing, receipts). */
export function currentFormStrings(): FormScreenStrings {
  return formStringsOf(shownLanguage(parts));
}

/** The language a form shows: Russian until both its texts and every screen's have loaded. */
export function useFormLanguage(): Language {
  return useSyncExternalStore(subscribe, () => shownLanguage(parts), () => DEFAULT_LANGUAGE);
}

/** Every screen's texts and the forms', in the language the form shows. */
export function useFormStrings(): FormScreenStrings {
  return formStringsOf(useFormLanguage());
}
