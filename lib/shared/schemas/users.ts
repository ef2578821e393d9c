import { z } from "zod";
import { rowIdParam } from "@/lib/shared/schemas/ids";

export const userDto = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  telegramFirstName: z.string().nullable(),
  avatarUrl: z.string(),
  notification: z.boolean(),
  /**
   * Whether the bot may write to this user in Telegram (null: no Telegram account). False after
   * the Bot API refused a message (the bot blocked or never started): notices then go by e-mail
   * where there is an address, else nowhere, until the user allows the bot again.
   */
  botMayWrite: z.boolean().nullable(),
});
export type UserDto = z.infer<typeof userDto>;

/** What anyone may learn about another user: never e-mail or balances. */
export const publicUserDto = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  /** The username is the user's Telegram username, as Telegram vouched for at sign-in. */
  telegramVerified: z.boolean(),
  telegramFirstName: z.string().nullable(),
  avatarUrl: z.string(),
});
export type PublicUserDto = z.infer<typeof publicUserDto>;

export const notificationsBody = z.object({
  enable: z.boolean(),
  /** The Mini App's write-access request (requestWriteAccess) was just answered "allowed". */
  writeAccessAllowed: z.literal(true).optional(),
});

export const idParam = rowIdParam;
