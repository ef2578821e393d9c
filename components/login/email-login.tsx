"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { PinInput } from "@/components/ui/pin-input";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { hapticError, vibrate, WRONG_CODE_VIBRATION_MS } from "@/lib/client/telegram/haptics";
import { normalizeEmail } from "@/lib/shared/email";
import { ru } from "@/lib/shared/strings";
import { takeStartPath } from "@/lib/client/start-link";

/** Code length (spec §9); the server schema checks the same. */
const PIN_LENGTH = 6;

// Loaded on the first submit: keeps the API client and zod out of the page's first load.
const loadCalls = () => import("@/components/login/sign-in-calls");

/** How long a wrong code stays visible before the cells clear (spec §4: about 0.6 s). */
export const PIN_CLEAR_DELAY_MS = 600;

/**
 * E-mail sign-in in two steps: the address (validated by the shared schema), then the six-digit
 * code, which submits itself when complete.
 */
export function EmailLogin() {
  const router = useRouter();
  const toast = useToast();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [challengeId, setChallengeId] = useState<string | undefined>(undefined);
  const [emailError, setEmailError] = useState(false);
  const [shake, setShake] = useState(0);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [wrong, setWrong] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!address) {
      setEmailError(true);
      setShake((n) => n + 1);
      hapticError();
      toast.error(ru.login.invalidEmail);
      return;
    }
    setEmailError(false);
    // An earlier "invalid e-mail" popup no longer applies once the address is accepted.
    toast.hide();
    setSending(true);
    try {
      const { requestEmailCode } = await loadCalls();
      setChallengeId(await requestEmailCode(address));
      setSentTo(address);
      setCode("");
      setStep("code");
    } catch {
      hapticError();
      toast.error(ru.login.sendCodeFailed);
    } finally {
      setSending(false);
    }
  }

  function rejectCode() {
    setWrong(true);
    setShake((n) => n + 1);
    vibrate(WRONG_CODE_VIBRATION_MS);
    hapticError();
    toast.error(ru.login.wrongCode);
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
      toast.error(ru.login.loginFailed);
    }
  }

  if (step === "code") {
    return (
      <Screen title={ru.login.codeTitle} back={() => setStep("email")}>
        <p className="hint">
          {ru.login.codeSentTo} <strong className="login-email">{sentTo}</strong>
        </p>
        <PinInput
          label={ru.login.codeLabel}
          value={code}
          onChange={(value) => {
            setWrong(false);
            setCode(value);
          }}
          onComplete={verify}
          length={PIN_LENGTH}
          disabled={verifying}
          invalid={wrong}
          shakeKey={shake}
        />
        <Button variant="secondary" onClick={() => setStep("email")} disabled={verifying}>
          {ru.login.changeEmail}
        </Button>
        <Toast toast={toast} />
      </Screen>
    );
  }

  return (
    <Screen title={ru.login.emailTitle} back="/">
      <form className="stack" onSubmit={requestCode} noValidate>
        <TextField
          label={ru.login.emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={ru.login.emailPlaceholder}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(false);
          }}
          error={emailError ? ru.login.invalidEmail : null}
          shakeKey={shake}
          autoFocus
        />
        <Button type="submit" loading={sending}>
          {ru.login.getCode}
        </Button>
      </form>
      <Toast toast={toast} />
    </Screen>
  );
}
