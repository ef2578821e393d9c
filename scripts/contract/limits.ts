/**
 * The server's documented limits, which a black box cannot read: given with `--limits
 * name=value,…`, Minibank's defaults otherwise. The stateful model predicts each limit's refusal
 * from them. A limit given explicitly is held strictly (a refusal before it, or none after it, is
 * the server's failure); an assumed default is not: where the server draws the line elsewhere the
 * model follows it and the report says so, since the run was not told that server's figures.
 */

export const LIMIT_NAMES = ["topup-daily", "topup-count", "transfers", "transfers-window", "lookups", "statement-downloads", "statement-rows"] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** Minibank's defaults (TOPUP_DAILY_LIMIT in minor units, counts, the transfer window in seconds). */
export const DEFAULT_LIMITS: Record<LimitName, number> = {
  "topup-daily": 300_000_000,
  "topup-count": 50,
  transfers: 50,
  "transfers-window": 600,
  lookups: 120,
  "statement-downloads": 10,
  "statement-rows": 5_000,
};

/** What each limit counts, in words for the report and the usage text. */
export const LIMIT_MEANINGS: Record<LimitName, string> = {
  "topup-daily": "minor units one user may top up per currency in 24 hours (422 TOPUP_DAILY_LIMIT)",
  "topup-count": "top-ups per user in 24 hours (429)",
  transfers: "transfers to other people per user per transfers-window (429)",
  "transfers-window": "seconds the transfers limit counts over",
  lookups: "lookups of other users per user per 10 minutes, a transfer to a wallet never dealt with included (429)",
  "statement-downloads": "statement files per user per 10 minutes (429)",
  "statement-rows": "movements one statement may hold (422 STATEMENT_TOO_LARGE)",
};

/** How long each count limit looks back, in milliseconds. */
export const windowOf = (limits: Limits, name: "topup-count" | "topup-daily" | "transfers" | "lookups" | "statement-downloads"): number =>
  name === "transfers" ? limits.values["transfers-window"] * 1000 : name.startsWith("topup") ? 86_400_000 : 600_000;

export type Limits = { values: Record<LimitName, number>; explicit: Set<LimitName> };

/** `topup-daily=300000000,transfers=50` → the limits, or a message naming what is wrong. */
export function parseLimits(text: string | undefined): Limits | string {
  const limits: Limits = { values: { ...DEFAULT_LIMITS }, explicit: new Set() };
  for (const part of (text ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const [name, value] = part.split("=");
    const n = Number(value);
    if (!(LIMIT_NAMES as readonly string[]).includes(name) || !Number.isSafeInteger(n) || n <= 0) {
      return `--limits: '${part}' is not one of ${LIMIT_NAMES.map((l) => `${l}=<n>`).join(", ")}`;
    }
    limits.values[name as LimitName] = n;
    limits.explicit.add(name as LimitName);
  }
  return limits;
}

/**
 * Hits a limit counts, with their times, so that a run longer than a window still predicts the
 * refusal; near a window's edge (a hit about to leave it) the prediction says "either".
 */
export class Counter {
  private readonly hits: number[] = [];

  constructor(private readonly windowMs: number) {}

  /** How many hits are surely inside the window, and whether one is about to leave it. */
  count(now = Date.now()): { inside: number; edge: boolean } {
    const margin = 5_000;
    const inside = this.hits.filter((at) => at > now - this.windowMs).length;
    const edge = this.hits.some((at) => at > now - this.windowMs - margin && at <= now - this.windowMs + margin);
    return { inside, edge };
  }

  add(at = Date.now()): void {
    this.hits.push(at);
  }

  /** Takes back the newest hit (a refused hit the server does not keep). */
  undo(): void {
    this.hits.pop();
  }
}
