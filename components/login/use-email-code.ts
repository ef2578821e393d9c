"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { useToast } from "@/components/ui/toast";
import { hapticError, vibrate, WRONG_CODE_VIBRATION_MS } from "@/lib/client/telegram/haptics";
import { takeStartPath } from "@/lib/client/start-link";
import type { FormScreenStrings } from "@/lib/shared/languages";

type ToastControl = ReturnType<typeof useToast>;

// Loaded on the first submit: keeps the API client and zod out of the page's first load.
const loadCalls = () => import("@/components/login/sign-in-calls");

/** How long a wrong code stays visible before the cells clear (spec §4: about 0.6 s). */
export const PIN_CLEAR_DELAY_MS = 600;

/** A new code may be asked for this long after the last one was sent. */
export const RESEND_AFTER_S = 60;

/** Seconds left until `until` (a Date.now() value), ticking once a second; 0 when reached. */
function useSecondsUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= until) clearInterval(timer);
    }, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  // Never more than the full wait, even before the first tick after a new code.
  return Math.min(RESEND_AFTER_S, Math.max(0, Math.ceil((until - now) / 1000)));
}

/** Sending a code: whether one is on its way, the server's challenge, and the wait before another. */
export function useCodeSending(toast: ToastControl, t: FormScreenStrings) {
  const [challengeId, setChallengeId] = useState<string | undefined>(undefined);
  const [resendAt, setResendAt] = useState(0);
  const resendIn = useSecondsUntil(resendAt);
  const [sending, setSending] = useState(false);

  /** Asks the server to send a code to `address`; true when it did. */
  async function sendCode(address: string): Promise<boolean> {
    setSending(true);
    const calls = await loadCalls();
    try {
      setChallengeId(await calls.requestEmailCode(address));
      setResendAt(Date.now() + RESEND_AFTER_S * 1000);
      return true;
    } catch (error) {
      hapticError();
      toast.error(calls.rateLimitMessage(error) ?? t.login.sendCodeFailed);
      return false;
    } finally {
      setSending(false);
    }
  }

  return { challengeId, resendIn, sending, sendCode };
}

/**
 * Checking a typed code: a right one signs in and opens where the app was started for; a wrong one
 * shakes, buzzes and clears after PIN_CLEAR_DELAY_MS.
 */
export function useCodeCheck(sentTo: string, challengeId: string | undefined, toast: ToastControl, t: FormScreenStrings) {
  const router = useRouter();
  // Its own counter: the code cells must not replay the e-mail field's shake when they appear.
  const [codeShake, setCodeShake] = useState(0);
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [wrong, setWrong] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  function rejectCode() {
    setWrong(true);
    setCodeShake((n) => n + 1);
    vibrate(WRONG_CODE_VIBRATION_MS);
    hapticError();
    toast.error(t.login.wrongCode);
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      setCode("");
      setWrong(false);
    }, PIN_CLEAR_DELAY_MS);
  }

  async function verify(value: string) {
    setVerifying(true);
    const { verifyEmailCode, completeSignIn } = await loadCalls();
    let tokens;
    try {
      tokens = await verifyEmailCode(sentTo, value, challengeId);
    } catch {
      setVerifying(false);
      rejectCode();
      return;
    }
    try {
      await completeSignIn(tokens);
      router.replace(takeStartPath(window.sessionStorage));
    } catch {
      setVerifying(false);
      hapticError();
      toast.error(t.login.loginFailed);
    }
  }

  /** What the cells show as they are typed into: the wrong mark goes with the first new digit. */
  function type(value: string) {
    setWrong(false);
    setCode(value);
  }

  return { code, setCode, type, verify, verifying, wrong, codeShake };
}
