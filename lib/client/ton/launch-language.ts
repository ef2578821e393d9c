import { retrieveLaunchParams } from "@telegram-apps/sdk-react";
import { tonLanguage, type TonLanguage } from "./config";

/**
 * The widget language from the Telegram user's `language_code`. Launch parameters come from the
 * messenger (or from the app's mock environment in a plain browser); when there are none the
 * SDK throws, and the widget keeps its default, English.
 */
export function launchLanguage(): TonLanguage {
  try {
    return tonLanguage(retrieveLaunchParams().tgWebAppData?.user?.language_code);
  } catch {
    return tonLanguage(undefined);
  }
}
