"use client";

import "./switch.css";

type SwitchProps = {
  /** Accessible name. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** An on/off toggle (`role="switch"`), 44 px touch target. */
export function Switch({ label, checked, onChange, disabled }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={["switch", checked ? "switch-on" : ""].filter(Boolean).join(" ")}
      onClick={() => onChange(!checked)}
      disabled={disabled}
    >
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}
