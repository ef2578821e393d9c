"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFormStrings } from "@/lib/client/form-strings";
import { hapticError, hapticSuccess } from "@/lib/client/telegram/haptics";
import { useIdempotencyKey, type IdempotencyKey } from "@/lib/client/transfer/idempotency";
import { isMoneyKey, outcomeUnknown, wasRefused } from "@/lib/client/transfer/submit";

/** One submit of a money form. */
export type MoneyRequest<T> = {
  /** Sends the request under the form's Idempotency-Key. */
  send: (idempotencyKey: string) => Promise<T>;
  /**
   * Asked first, with the form already busy: a reason not to send (shown with the error haptic),
   * or null to go on. The app lock's check, for one.
   */
  hold?: () => Promise<string | null>;
  /** The receipt to open once the money moved (a transfer's id); without it the screen stays. */
  receipt?: (result: T) => number;
  /** After success, before the haptic and the receipt: the form's own "done". */
  onSuccess?: (result: T) => void;
  /** After a failure, before its popup: close the sheet, reload what may have changed. */
  onFailure?: (error: unknown) => void;
  /**
   * What a failure says. By default the transfer's words: the outcome is unknown when no answer
   * came, otherwise "Ошибка: " and the server's message.
   */
  failure?: { unknown: string; failed: string };
};

/**
 * The submit of every money form (transfer, exchange, paying a request, top-up): one request at a
 * time, under one Idempotency-Key per form. Success starts a new key, plays the success haptic,
 * revalidates the wallets and transfer lists, and opens the receipt; a refusal (4xx: nothing was
 * applied) starts a new key too; an unknown outcome (no answer) keeps the key, so a retry can
 * never move the money twice. The form resets `idempotency` on every edit.
 *
 * `idempotency` is the form's key when its owner outlives the form (a transfer's steps).
 */
export function useMoneySubmit({ toast, idempotency }: { toast: ToastController; idempotency?: IdempotencyKey }) {
  const t = useFormStrings();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const ownKey = useIdempotencyKey();
  const key = idempotency ?? ownKey;
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit<T>(request: MoneyRequest<T>): Promise<void> {
    // A ref, not the state: two taps within one render must not send twice.
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      const held = request.hold ? await request.hold() : null;
      if (held !== null) {
        hapticError();
        toast.error(held);
        return;
      }
      let result: T;
      try {
        result = await request.send(key.current());
      } catch (error) {
        if (wasRefused(error)) key.reset();
        hapticError();
        request.onFailure?.(error);
        const unknown = outcomeUnknown(error);
        if (request.failure) toast.error(unknown ? request.failure.unknown : request.failure.failed);
        else toast.error(unknown ? t.transfer.outcomeUnknown : t.transfer.errorPrefix + errorMessage(error));
        return;
      }
      key.reset();
      request.onSuccess?.(result);
      hapticSuccess();
      void mutate(isMoneyKey);
      if (request.receipt) router.push(`/receipt/${request.receipt(result)}?new=1`);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submit, submitting, idempotency: key };
}
