"use client";

import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Spinner } from "@/components/ui/spinner";
import "./button.css";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Primary uses the Telegram button colour; secondary the secondary background. */
  variant?: "primary" | "secondary" | "danger";
  /** Shows a spinner, disables the button and marks it `aria-busy`. */
  loading?: boolean;
  /** Stretch to the column width (default true). */
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
};

/**
 * The app's button: at least 44 px tall (touch target), full width by default, themed by the
 * Telegram palette. While `loading`, it keeps its label for screen readers and ignores clicks.
 */
export function Button({
  variant = "primary",
  loading = false,
  fullWidth = true,
  disabled,
  className,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  const classes = ["btn", `btn-${variant}`, fullWidth ? "btn-full" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      <span className="btn-label">{children}</span>
    </button>
  );
}
