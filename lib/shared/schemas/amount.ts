import { z } from "zod";
import { says } from "@/lib/shared/languages";

/**
 * An amount of money in a request body: minor units (kopecks, cents), a positive integer that a
 * JavaScript number holds exactly. One schema for transfers, exchanges and payment requests (a
 * top-up has its own ceiling: `topUpBody`).
 */
export const minorAmount = z
  .number(says("errors.invalidAmount"))
  .int(says("errors.invalidAmount"))
  .positive(says("errors.invalidAmount"))
  .max(Number.MAX_SAFE_INTEGER, says("errors.invalidAmount"));
