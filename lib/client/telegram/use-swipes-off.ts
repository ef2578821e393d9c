import { useEffect } from "react";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { holdVerticalSwipes } from "@/lib/client/telegram/swipes";

/** While `active` (a form, the confirmation sheet or the scanner is open), vertical swipes do not collapse the app. */
export function useVerticalSwipesOff(active: boolean): void {
  const env = useLoadedTelegram();
  useEffect(() => (active ? holdVerticalSwipes(env) : undefined), [env, active]);
}
