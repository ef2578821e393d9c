import type { CSSProperties } from "react";
import "./skeleton.css";

type SkeletonProps = {
  width?: CSSProperties["width"];
  height?: CSSProperties["height"];
  /** Corner radius; `"50%"` for round avatars. */
  radius?: CSSProperties["borderRadius"];
  className?: string;
};

/** A shimmering placeholder while data loads; hidden from assistive technology. */
export function Skeleton({ width = "100%", height = 16, radius = 8, className }: SkeletonProps) {
  return (
    <span
      className={["skeleton", className ?? ""].filter(Boolean).join(" ")}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
      data-testid="skeleton"
    />
  );
}
