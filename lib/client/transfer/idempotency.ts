"use client";

import { useCallback, useRef } from "react";

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One `Idempotency-Key` per submitted form. `current()` creates the key on the first submit and
 * returns the same key for every retry of that form, so a retry after a lost answer can never
 * move money twice. `reset()` starts a new form: call it after success and on every edit.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newKey()), []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}

/** The key of one form, as `useIdempotencyKey` returns it. */
export type IdempotencyKey = ReturnType<typeof useIdempotencyKey>;
