import "server-only";
import { toSafeNumber, type Currency } from "@/lib/shared/money";
import { TRANSFER_CHANNELS, type TransferChannel } from "@/lib/shared/api/dtos";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import { isTransferKind, type TransferKind } from "@/lib/shared/transfer-kind";

/**
 * A transfer's row, described once: every stored column of "Transfer" but its id, each with how
 * the API's answer shows it (TransferDto). Made from it: the plan's facts (`TransferFacts`, in
 * `TransferPlan`), the engine's insert on SQLite (store-engine.ts; on PostgreSQL
 * `minibank_apply_plan` fills the row from the plan's keys that name its columns, with
 * `jsonb_populate_record`, so the function does not change with a column), the reads of
 * transfers (`transferColumns` in store.ts, used by `findTransfer` and the history; a receipt's
 * Prisma read returns every column) and the answer (`toTransferDto`). A new stored attribute is a
 * line here (and, when a use case chooses it, its default in CHOSEN), its column
 * (prisma/schema.prisma; `npm run db:schema` writes both migrations) and its field of the answer
 * (lib/shared/api/dtos.ts).
 */
const SHOWN = {
  // Kinds are written by the ledger only; anything else would be a bug, not a transfer.
  kind: (kind: TransferKind) => (isTransferKind(kind) ? kind : "transfer"),
  senderWalletId: (id: number) => id,
  receiverWalletId: (id: number) => id,
  amount: (amount: bigint) => toSafeNumber(amount),
  currency: (currency: string) => currency as Currency,
  receivedAmount: (amount: bigint) => toSafeNumber(amount),
  receivedCurrency: (currency: string) => currency as Currency,
  /** Ruble price ratio applied, as a decimal string ("1" when currencies match). */
  rate: (rate: string) => rate,
  /** The sender's message to the receiver (already checked: plain text, trimmed, ≤ 140 characters). */
  message: (message: string | null) => message ?? null,
  /** How it came to be made: the app, a schedule's run, a payment request, a split. */
  channel: (channel: TransferChannel) => (TRANSFER_CHANNELS.includes(channel) ? channel : "app"),
  createdAt: (at: Date) => at.toISOString(),
} satisfies { [K in keyof TransferDto]?: (value: never) => TransferDto[K] };

type Shown = typeof SHOWN;

/** What a transfer stores, as the ledger decides it. */
export type TransferFacts = { [K in keyof Shown]: Parameters<Shown[K]>[0] };

/** A transfer as it was made: its facts, and its id. */
export type TransferRow = { id: number } & TransferFacts;

/** The stored columns of a transfer but its id, in one order (inserts and reads). */
export const TRANSFER_COLUMNS = Object.keys(SHOWN) as (keyof TransferFacts)[];

/** A row as the database gives it back: its kinds and other names as plain strings. */
type Loose<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };

/**
 * The facts a use case chooses, each with its value when the use case does not say: the rest the
 * ledger works out (planTransfer). Passed through by name, so a new one reaches the plan from
 * whichever use case sets it without the layers between changing.
 */
const CHOSEN = { message: null, channel: "app" } as const satisfies Partial<TransferFacts>;

type Chosen = keyof typeof CHOSEN;

/** What a use case may choose of a transfer (CHOSEN); left out, the default. */
export type ChosenFacts = { [K in Chosen]?: TransferFacts[K] | null };

/** The chosen facts of anything that carries them (options of a use case), with the defaults for those it leaves out. */
export function chosenFacts(from: ChosenFacts): Pick<TransferFacts, Chosen> {
  const picked: Record<string, unknown> = {};
  for (const [fact, fallback] of Object.entries(CHOSEN)) picked[fact] = from[fact as Chosen] ?? fallback;
  return picked as Pick<TransferFacts, Chosen>;
}

/** A transfer's facts, picked from a plan or anything that carries them. */
export function factsOf(from: TransferFacts): TransferFacts {
  return Object.fromEntries(TRANSFER_COLUMNS.map((column) => [column, from[column]])) as TransferFacts;
}

/** The API's answer for a transfer row (from a raw read or Prisma's). */
export function toTransferDto(row: { id: number } & Loose<TransferFacts>): TransferDto {
  const dto: Record<string, unknown> = { id: row.id };
  for (const column of TRANSFER_COLUMNS) dto[column] = (SHOWN[column] as (value: unknown) => unknown)(row[column]);
  return dto as TransferDto;
}
