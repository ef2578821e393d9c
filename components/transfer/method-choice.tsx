"use client";

import { ListItem } from "@/components/ui/list-item";
import { IconChevron, IconMail, IconWallet } from "@/components/ui/icons";
import type { TransferMethod } from "@/lib/client/qr";
import { ru } from "@/lib/shared/strings";

const METHODS: readonly { method: TransferMethod; label: string }[] = [
  { method: "card", label: ru.transfer.byCard },
  { method: "username", label: ru.transfer.byUsername },
  { method: "email", label: ru.transfer.byEmail },
];

function MethodIcon({ method }: { method: TransferMethod }) {
  if (method === "email") return <IconMail />;
  if (method === "username") return <span aria-hidden="true" className="method-at">@</span>;
  return <IconWallet />;
}

/** Step 'choose': how to find the recipient. */
export function MethodChoice({ onChoose }: { onChoose: (method: TransferMethod) => void }) {
  return (
    <section className="stack" aria-labelledby="transfer-choose-title">
      <h2 id="transfer-choose-title" className="section-title">
        {ru.transfer.chooseMethod}
      </h2>
      <div className="section">
        {METHODS.map(({ method, label }) => (
          <ListItem
            key={method}
            title={label}
            before={<MethodIcon method={method} />}
            after={<IconChevron />}
            onClick={() => onChoose(method)}
          />
        ))}
      </div>
    </section>
  );
}
