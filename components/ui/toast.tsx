"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import "./toast.css";

/** How long a popup stays before it hides itself. */
export const TOAST_DURATION_MS = 3500;
/** Entry animation length; the spec asks for 500–1000 ms (§9). */
export const TOAST_ANIMATION_MS = 600;

export type ToastKind = "error" | "success";

type ToastState = { message: string; kind: ToastKind; id: number } | null;

/**
 * Popup state for one screen. `error(text)` / `success(text)` show a popup; showing the same
 * text again restarts it (a fresh `id`).
 *
 * ```tsx
 * const toast = useToast();
 * toast.error(t.login.invalidEmail);
 * return <>…<Toast toast={toast} /></>;
 * ```
 */
export function useToast() {
  const [state, setState] = useState<ToastState>(null);
  const show = useCallback(
    (message: string, kind: ToastKind) =>
      setState((prev) => ({ message, kind, id: (prev?.id ?? 0) + 1 })),
    [],
  );
  const error = useCallback((message: string) => show(message, "error"), [show]);
  const success = useCallback((message: string) => show(message, "success"), [show]);
  const hide = useCallback(() => setState(null), []);
  return useMemo(() => ({ state, error, success, hide }), [state, error, success, hide]);
}

export type ToastController = ReturnType<typeof useToast>;

type ToastProps = {
  toast: ToastController;
  /** Override the auto-hide delay (ms). */
  duration?: number;
};

/**
 * The popup itself: slides in over 600 ms, hides itself after `duration`, and can be closed by a
 * tap. Errors use `role="alert"` so screen readers announce them; successes `role="status"`.
 */
export function Toast({ toast, duration = TOAST_DURATION_MS }: ToastProps) {
  const { state, hide } = toast;
  useEffect(() => {
    if (!state) return;
    const timer = setTimeout(hide, duration);
    return () => clearTimeout(timer);
  }, [state, hide, duration]);
  if (!state) return null;
  return (
    <div className="toast-layer">
      <div
        key={state.id}
        role={state.kind === "error" ? "alert" : "status"}
        className={`toast toast-${state.kind}`}
        style={{ animationDuration: `${TOAST_ANIMATION_MS}ms` }}
        onClick={hide}
      >
        {state.message}
      </div>
    </div>
  );
}

