"use client";

import { useEffect, useRef } from "react";
import "./shake.css";

/**
 * Replays the `.shake` CSS animation on the returned element each time `trigger` changes to a
 * non-zero value. A class toggle (not a re-mount) keeps focus and caret where they are.
 */
export function useShake<T extends HTMLElement>(trigger: number | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !trigger) return;
    el.classList.remove("shake");
    // Reading layout forces a reflow so the re-added class starts the animation again.
    void el.offsetWidth;
    el.classList.add("shake");
    const done = () => el.classList.remove("shake");
    el.addEventListener("animationend", done, { once: true });
    return () => el.removeEventListener("animationend", done);
  }, [trigger]);
  return ref;
}
