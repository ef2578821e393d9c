import { AvatarIcon } from "@/components/ui/avatar";
import { IconLink } from "@/components/ui/icons";

/** A share left open to the split's link, where a person's avatar would be: the app's link icon (an emoji is an empty box without an emoji font). */
export function LinkBadge() {
  return (
    <AvatarIcon size={36}>
      <IconLink size={18} />
    </AvatarIcon>
  );
}
