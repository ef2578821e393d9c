import { z } from "zod";
import { rowIdParam } from "@/lib/shared/schemas/ids";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

export const userDto = zodOf(answers.userDto);
export type { PublicUserDto, UserDto } from "@/lib/shared/api/dtos";

/** What anyone may learn about another user: never e-mail or balances. */
export const publicUserDto = zodOf(answers.publicUserDto);

export const notificationsBody = z.object({
  enable: z.boolean(),
  /** The Mini App's write-access request (requestWriteAccess) was just answered "allowed". */
  writeAccessAllowed: z.literal(true).optional(),
});

export const idParam = rowIdParam;
