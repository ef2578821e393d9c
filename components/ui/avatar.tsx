"use client";

import { useState } from "react";
import { apiUrl } from "@/lib/client/api-base";
import "./avatar.css";

type AvatarProps = {
  /** Picture URL; when missing or broken, the initials show instead. */
  src?: string | null;
  /** Name the initials come from; also the image's alt text. */
  name: string;
  size?: number;
};

/** Up to two initials from a name: "Анна Петрова" → "АП", "@ivan" → "I". */
export function initialsOf(name: string): string {
  const words = name.replace(/^@/, "").trim().split(/[\s._-]+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => w[0]!.toUpperCase());
  return letters.join("") || "?";
}

/** Round user picture with an initials fallback. */
export function Avatar({ src, name, size = 40 }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && broken !== src) {
    return (
      // A plain <img>: avatars are small SVGs or Telegram CDN pictures, no optimisation needed.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        className="avatar"
        src={apiUrl(src)}
        alt={name}
        width={size}
        height={size}
        style={style}
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span className="avatar avatar-fallback" style={style} role="img" aria-label={name}>
      {initialsOf(name)}
    </span>
  );
}

/** An icon where a person's picture would be (one's own accounts, a share open to its link): decorative. */
export function AvatarIcon({ children, size = 40 }: { children: React.ReactNode; size?: number }) {
  return (
    <span className="avatar avatar-icon" style={{ width: size, height: size }} aria-hidden="true">
      {children}
    </span>
  );
}
