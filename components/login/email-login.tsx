"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { PinInput } from "@/components/ui/pin-input";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { hapticError, vibrate, WRONG_CODE_VIBRATION_MS } from "@/lib/client/telegram/haptics";
import { normalizeEmail } from "@/lib/shared/email";
import { fill } from "@/lib/shared/strings";
import { takeStartPath } from "@/lib/client/start-link";
import { useStrings } from "@/lib/client/language";
import "./login.css";

/** Code length (spec §9); the server schema checks the same. */
const PIN_LENGTH = 6;

// Loaded on the first submit: keeps the API client and zod out of the page's first load.
const loadCalls = () => import("@/components/login/sign-in-calls");

/** How long a wrong code stays visible before the cells clear (spec §4: about 0.6 s). */
export const PIN_CLEAR_DELAY_MS = 600;

/** A new code may be asked for this long after the last one was sent. */
export const RESEND_AFTER_S = 60;

/** Seconds as the countdown shows them: 42 → "0:42". */
function minutesSeconds(total: number): string {
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

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

/**
 * E-mail sign-in in two steps: the address (validated by the shared schema), then the six-digit
 * code, which submits itself when complete.
 */
export function EmailLogin() {
  const t = useStrings();
  const router = useRouter();
  const toast = useToast();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [challengeId, setChallengeId] = useState<string | undefined>(undefined);
  const [emailError, setEmailError] = useState(false);
  // Separate counters: the code cells must not replay the e-mail field's shake when they appear.
  const [emailShake, setEmailShake] = useState(0);
  const [codeShake, setCodeShake] = useState(0);
  const [resendAt, setResendAt] = useState(0);
  const resendIn = useSecondsUntil(resendAt);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [wrong, setWrong] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

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

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!address) {
      setEmailError(true);
      setEmailShake((n) => n + 1);
      hapticError();
      toast.error(t.login.invalidEmail);
      return;
    }
    setEmailError(false);
    // An earlier "invalid e-mail" popup no longer applies once the address is accepted.
    toast.hide();
    if (await sendCode(address)) {
      setSentTo(address);
      setCode("");
      setStep("code");
    }
  }

  async function resendCode() {
    toast.hide();
    if (await sendCode(sentTo)) {
      setCode("");
      toast.success(t.login.codeResent);
    }
  }

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

  if (step === "code") {
    return (
      <Screen title={t.login.codeTitle} back={() => setStep("email")}>
        <p className="hint">
          {t.login.codeSentTo} <strong className="login-email">{sentTo}</strong>
        </p>
        <PinInput
          label={t.login.codeLabel}
          value={code}
          onChange={(value) => {
            setWrong(false);
            setCode(value);
          }}
          onComplete={verify}
          length={PIN_LENGTH}
          disabled={verifying}
          invalid={wrong}
          shakeKey={codeShake}
        />
        <Button
          variant="secondary"
          onClick={() => void resendCode()}
          disabled={verifying || resendIn > 0}
          loading={sending}
        >
          {resendIn > 0 ? fill(t.login.resendIn, { time: minutesSeconds(resendIn) }) : t.login.resendCode}
        </Button>
        <Button variant="secondary" onClick={() => setStep("email")} disabled={verifying}>
          {t.login.changeEmail}
        </Button>
        <Toast toast={toast} />
      </Screen>
    );
  }

  return (
    <Screen title={t.login.emailTitle} back="/">
      <form className="stack" onSubmit={requestCode} noValidate>
        <TextField
          label={t.login.emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t.login.emailPlaceholder}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(false);
          }}
          error={emailError ? t.login.invalidEmail : null}
          shakeKey={emailShake}
          autoFocus
        />
        <Button type="submit" loading={sending}>
          {t.login.getCode}
        </Button>
      </form>
      <Toast toast={toast} />
    </Screen>
  );
}
