"use client";

import { Avatar } from "@/components/ui/avatar";
import { ListItem } from "@/components/ui/list-item";
import { IconChevron, IconMail, IconWallet } from "@/components/ui/icons";
import { useRecentRecipients } from "@/lib/client/hooks";
import type { TransferMethod } from "@/lib/client/qr";
import { maskAccountNumber } from "@/lib/shared/account-number";
import { useFormStrings } from "@/lib/client/form-strings";
import type { FormScreenStrings } from "@/lib/shared/languages";
import "./method-choice.css";

const methods = (t: FormScreenStrings): readonly { method: TransferMethod; label: string }[] => [
  { method: "card", label: t.transfer.byCard },
  { method: "username", label: t.transfer.byUsername },
  { method: "email", label: t.transfer.byEmail },
];

function MethodIcon({ method }: { method: TransferMethod }) {
  if (method === "email") return <IconMail />;
  if (method === "username") return <span aria-hidden="true" className="method-at">@</span>;
  return <IconWallet />;
}

/** Up to five people sent to lately: one tap opens the form for the account that got the money. */
function RecentRecipients({ onPick }: { onPick: (walletNumber: string) => void }) {
  const t = useFormStrings();
  const recent = useRecentRecipients();
  if (!recent.data || recent.data.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="transfer-recent-title">
      <h2 id="transfer-recent-title" className="section-title">
        {t.transfer.recent}
      </h2>
      <div className="section">
        {recent.data.map((person) => (
          <ListItem
            key={person.userId}
            title={person.name}
            subtitle={`${t.currencies[person.currency]} ${maskAccountNumber(person.walletNumber)}`}
            before={<Avatar src={person.avatarUrl} name={person.name} size={40} />}
            after={<IconChevron />}
            onClick={() => onPick(person.walletNumber)}
          />
        ))}
      </div>
    </section>
  );
}

/** Step 'choose': how to find the recipient, or one of the people sent to lately. */
export function MethodChoice({
  onChoose,
  onRecent,
}: {
  onChoose: (method: TransferMethod) => void;
  onRecent: (walletNumber: string) => void;
}) {
  const t = useFormStrings();
  return (
    <>
      <RecentRecipients onPick={onRecent} />
      <section className="stack" aria-labelledby="transfer-choose-title">
        <h2 id="transfer-choose-title" className="section-title">
          {t.transfer.chooseMethod}
        </h2>
        <div className="section">
          {methods(t).map(({ method, label }) => (
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
    </>
  );
}
