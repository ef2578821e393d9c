import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { BANK_AVATAR_URL } from "@/lib/server/ledger/get-counterparty";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { findScheduleOfTransfer, findTransferWithParties } from "@/lib/server/ledger/store-parties";
import { avatarUrlFor, personName } from "@/lib/server/users/dto";
import { maskAccountNumber } from "@/lib/shared/account-number";
import type { ReceiptDto, ReceiptPartyDto } from "@/lib/shared/schemas/transfers";
import { DEFAULT_LANGUAGE, DICTIONARIES, type Language } from "@/lib/shared/i18n";

type PartyRow = {
  number: string;
  user: { id: number; username: string | null; telegramFirstName: string | null; photoUrl: string | null; isSystem: boolean };
};

function toParty(wallet: PartyRow, own: boolean, language: Language): ReceiptPartyDto {
  const t = DICTIONARIES[language];
  const { user } = wallet;
  if (user.isSystem) return { name: t.history.topUpName, avatarUrl: BANK_AVATAR_URL, account: "", bank: true };
  return {
    name: personName(user),
    avatarUrl: avatarUrlFor(user),
    // The caller's own account in full; the other person's masked.
    account: own ? wallet.number : maskAccountNumber(wallet.number),
    bank: false,
  };
}

/**
 * The receipt of one transfer, for its sender or its receiver only. Anyone else — and an id that
 * does not exist — gets the same 404, so transfer ids cannot be probed.
 */
export async function getReceipt(options: { transferId: number; callerId: number; language?: Language }): Promise<ReceiptDto> {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const row = await findTransferWithParties(options.transferId);
  const sent = row?.sender.user.id === options.callerId;
  const received = row?.receiver.user.id === options.callerId;
  if (!row || (!sent && !received)) throw new AppError("NOT_FOUND");
  const scheduleId = sent ? await findScheduleOfTransfer(row.id) : undefined;
  return {
    ...toTransferDto(row),
    ...(scheduleId === undefined ? {} : { scheduleId }),
    direction: sent ? "out" : "in",
    status: "completed",
    fee: 0,
    sender: toParty(row.sender, sent, language),
    receiver: toParty(row.receiver, received, language),
  };
}
