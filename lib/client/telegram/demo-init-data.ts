import { apiUrl } from "@/lib/client/api-base";
import { operations, pathOf } from "@/lib/shared/api/operations";

/**
 * The init data of the plain-browser Telegram imitation, without the SDK. In a demo build the
 * server signs it with the demo bot token, so sign-in goes through the real validation path. A
 * production build never asks (the mode is fixed at build time, see next.config.ts): the imitation
 * carries no init data and the Telegram sign-in reports missing data.
 */

/** Built with MINIBANK_DEMO=1. */
export const DEMO_BUILD = process.env.NEXT_PUBLIC_MINIBANK_DEMO === "1";

/** Fetched afresh by each caller: the data carries its signing time and must not go stale. */
export async function demoInitData(): Promise<string | null> {
  if (!DEMO_BUILD) return null;
  try {
    const res = await fetch(apiUrl(pathOf(operations.demoInitData)), {
      headers: { accept: "application/json" },
      credentials: "include",
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json()) as { init_data?: unknown };
    return typeof body.init_data === "string" && body.init_data ? body.init_data : null;
  } catch {
    return null;
  }
}
