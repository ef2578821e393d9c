import { IconLink } from "@/components/ui/icons";
import "./splits.css";

/** A share left open to the split's link, where a person's avatar would be: the app's link icon (an emoji is an empty box without an emoji font). */
export function LinkBadge() {
  return (
    <span className="split-link-badge" aria-hidden="true">
      <IconLink size={18} />
    </span>
  );
}
