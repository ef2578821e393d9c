import { MOVEMENT_KINDS } from "./knowledge";

/**
 * The kind of every movement the run made, as the operation that made it says (a top-up, a
 * transfer, an exchange, a request paid): every request of every phase passes through here, so
 * wherever a movement is read again — a history page, a receipt, a statement, the insights — the
 * tester knows what kind it must be, whatever the server says there.
 */

const kinds = new Map<number, string>();

/** Notes the movement a successful answer of a money operation made. */
export function noteMade(method: string, path: string, status: number, body: unknown): void {
  const kind = MOVEMENT_KINDS[`${method.toUpperCase()} ${path}`];
  const id = (body as { id?: unknown } | null)?.id;
  if (kind && status >= 200 && status < 300 && typeof id === "number") kinds.set(id, kind);
}

/** The kind the run made a movement as, or undefined for one it did not make. */
export const kindMade = (id: number): string | undefined => kinds.get(id);
