import { z } from "zod";
import { ru } from "@/lib/shared/strings";

/**
 * An amount of money in a request body: minor units (kopecks, cents), a positive integer that a
 * JavaScript number holds exactly. One schema for transfers, exchanges and payment requests (a
 * top-up has its own ceiling: `topUpBody`).
 */
export const minorAmount = z
  .number({ error: ru.errors.invalidAmount })
  .int({ error: ru.errors.invalidAmount })
  .positive({ error: ru.errors.invalidAmount })
  .max(Number.MAX_SAFE_INTEGER, { error: ru.errors.invalidAmount });
