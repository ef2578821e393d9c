"use client";

import { useCallback, useRef } from "react";

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One `Idempotency-Key` per submitted form. `current()` creates the key on the first submit and
 * returns the same key for every retry of that form, so a retry after a lost answer can never
 * move money twice. `reset()` starts a new form: call it after success and on every edit.
 * `initial`: the key of a form restored from its draft (`lib/client/form-draft.ts`).
 */
export function useIdempotencyKey(initial: string | null = null) {
  const key = useRef<string | null>(initial);
  const current = useCallback(() => (key.current ??= newKey()), []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  /** The key if one was made for this form, without making one. */
  const peek = useCallback(() => key.current, []);
  return { current, reset, peek };
}

/** The key of one form, as `useIdempotencyKey` returns it. */
export type IdempotencyKey = ReturnType<typeof useIdempotencyKey>;
