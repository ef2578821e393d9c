"use client";

import { useState, type FormEvent } from "react";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { PinInput } from "@/components/ui/pin-input";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { hapticError } from "@/lib/client/telegram/haptics";
import { normalizeEmail } from "@/lib/shared/email";
import { fill } from "@/lib/shared/strings";
import { useFormStrings } from "@/lib/client/form-strings";
import { useCodeCheck, useCodeSending } from "./use-email-code";
import "./login.css";

export { PIN_CLEAR_DELAY_MS, RESEND_AFTER_S } from "./use-email-code";

/** Code length (spec §9); the server schema checks the same. */
const PIN_LENGTH = 6;

/** Seconds as the countdown shows them: 42 → "0:42". */
function minutesSeconds(total: number): string {
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

type CodeStepProps = {
  sentTo: string;
  check: ReturnType<typeof useCodeCheck>;
  sending: boolean;
  resendIn: number;
  onResend: () => void;
  onBack: () => void;
  toast: ReturnType<typeof useToast>;
};

/** The second step: the six code cells, a resend button that counts down, and a way back to the address. */
function CodeStep({ sentTo, check, sending, resendIn, onResend, onBack, toast }: CodeStepProps) {
  const t = useFormStrings();
  return (
    <Screen title={t.login.codeTitle} back={onBack}>
      <p className="hint">
        {t.login.codeSentTo} <strong className="login-email">{sentTo}</strong>
      </p>
      <PinInput
        label={t.login.codeLabel}
        value={check.code}
        onChange={check.type}
        onComplete={check.verify}
        length={PIN_LENGTH}
        disabled={check.verifying}
        invalid={check.wrong}
        shakeKey={check.codeShake}
      />
      <Button variant="secondary" onClick={onResend} disabled={check.verifying || resendIn > 0} loading={sending}>
        {resendIn > 0 ? fill(t.login.resendIn, { time: minutesSeconds(resendIn) }) : t.login.resendCode}
      </Button>
      <Button variant="secondary" onClick={onBack} disabled={check.verifying}>
        {t.login.changeEmail}
      </Button>
      <Toast toast={toast} />
    </Screen>
  );
}

/**
 * E-mail sign-in in two steps: the address (validated by the shared schema), then the six-digit
 * code, which submits itself when complete.
 */
export function EmailLogin() {
  const t = useFormStrings();
  const toast = useToast();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [emailError, setEmailError] = useState(false);
  const [emailShake, setEmailShake] = useState(0);
  const { challengeId, resendIn, sending, sendCode } = useCodeSending(toast, t);
  const check = useCodeCheck(sentTo, challengeId, toast, t);

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
      check.setCode("");
      setStep("code");
    }
  }

  async function resendCode() {
    toast.hide();
    if (await sendCode(sentTo)) {
      check.setCode("");
      toast.success(t.login.codeResent);
    }
  }

  if (step === "code") {
    const back = () => setStep("email");
    return <CodeStep sentTo={sentTo} check={check} sending={sending} resendIn={resendIn} onResend={() => void resendCode()} onBack={back} toast={toast} />;
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
