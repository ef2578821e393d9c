"use client";

import { useEffect, useState } from "react";

/** Recipient lookups wait this long after the last keystroke. */
export const LOOKUP_DEBOUNCE_MS = 400;

/**
 * `value`, but only after it stopped changing for `delay` ms. The first value is returned at
 * once, so a prefilled field (deep link, QR) looks up immediately.
 */
export function useDebounced<T>(value: T, delay = LOOKUP_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
