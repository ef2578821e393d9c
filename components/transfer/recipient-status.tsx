"use client";

import { Avatar } from "@/components/ui/avatar";
import { ListItem } from "@/components/ui/list-item";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, errorMessage } from "@/lib/client/api";
import { recipientName } from "@/lib/client/transfer/recipient-name";
import type { PublicUserDto } from "@/lib/shared/schemas/users";
import { useFormLanguage, useFormStrings } from "@/lib/client/form-strings";
import "@/components/ui/text-field.css";

type RecipientStatusProps = {
  /** The lookup text after debouncing. */
  query: string;
  recipient: PublicUserDto | undefined;
  loading: boolean;
  error: unknown;
};

/** Shown under the recipient field: hint, searching, not found, or who the money goes to. */
export function RecipientStatus({ query, recipient, loading, error }: RecipientStatusProps) {
  const t = useFormStrings();
  const language = useFormLanguage();
  if (query.length < 3) return <p className="hint">{t.transfer.lookupHint}</p>;
  if (loading) {
    return (
      <div className="stack" aria-busy="true">
        <span className="visually-hidden">{t.transfer.searching}</span>
        <Skeleton height={56} radius={14} />
      </div>
    );
  }
  if (error) {
    const text =
      error instanceof ApiError && error.code === "USER_NOT_FOUND" ? t.errors.userNotFound : errorMessage(error);
    return (
      <p className="field-error" role="status">
        {text}
      </p>
    );
  }
  if (!recipient) return null;
  const name = recipientName(recipient, language);
  return (
    <div className="section" role="group" aria-label={t.transfer.recipient}>
      <ListItem
        before={<Avatar src={recipient.avatarUrl} name={name} />}
        title={name}
        subtitle={recipient.telegramVerified ? t.transfer.telegramVerified : t.transfer.notTelegramVerified}
      />
    </div>
  );
}
