import Link from "next/link";
import type { ReactNode } from "react";

type ListItemProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Leading visual: avatar or icon. */
  before?: ReactNode;
  /** Trailing content: amount, switch, chevron. */
  after?: ReactNode;
  /** Makes the row a link. */
  href?: string;
  /** Makes the row a button. */
  onClick?: () => void;
  /** Accessible name for a clickable row when the visible text is not enough. */
  label?: string;
  className?: string;
};

/** A row of a list section: leading visual, two lines of text, trailing content. */
export function ListItem({ title, subtitle, before, after, href, onClick, label, className }: ListItemProps) {
  const body = (
    <>
      {before && <span className="list-item-before">{before}</span>}
      <span className="list-item-text">
        {/* A title cut short with an ellipsis can still be read whole. */}
        <span className="list-item-title" title={typeof title === "string" ? title : undefined}>
          {title}
        </span>
        {subtitle && <span className="list-item-subtitle">{subtitle}</span>}
      </span>
      {after && <span className="list-item-after">{after}</span>}
    </>
  );
  const classes = ["list-item", href || onClick ? "list-item-action" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  if (href) {
    return (
      <Link href={href} className={classes} aria-label={label}>
        {body}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={classes} onClick={onClick} aria-label={label}>
        {body}
      </button>
    );
  }
  return <div className={classes}>{body}</div>;
}
