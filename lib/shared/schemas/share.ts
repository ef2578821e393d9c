import { z } from "zod";
import { rowId } from "@/lib/shared/schemas/ids";
import { REQUEST_TOKEN } from "@/lib/shared/schemas/requests";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

/**
 * What to send as a prepared Telegram message: one of the caller's receipts (by transfer id) or
 * one of the caller's pending payment requests (by its token).
 */
export const prepareShareBody = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("receipt"), transferId: rowId }),
  z.object({ kind: z.literal("request"), token: z.string().regex(REQUEST_TOKEN) }),
]);
export type PrepareShareBody = z.infer<typeof prepareShareBody>;

/** The prepared message: its id for the Mini App's `shareMessage`, and when Telegram drops it. */
export const preparedShareDto = zodOf(featureAnswers.preparedShareDto);
export type { PreparedChatButtonDto, PreparedShareDto } from "@/lib/shared/api/feature-dtos";

/** One of the caller's pending payment requests, to send to a chat picked in Telegram (requestChat). */
export const prepareChatButtonBody = z.object({ token: z.string().regex(REQUEST_TOKEN) });

/** The prepared chat-picker button: its id for the Mini App's `requestChat`. */
export const preparedChatButtonDto = zodOf(featureAnswers.preparedChatButtonDto);
