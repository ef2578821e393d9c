import { z } from "zod";

/**
 * The largest row id: ids are 32-bit integer columns on PostgreSQL (`Int`), so a larger one can
 * name nothing — it is refused as invalid input (400) on every database rather than reaching one
 * that cannot compare it.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a JSON body. */
export const rowId = z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a path or query (text). */
export const rowIdParam = z.coerce.number().int().positive().max(MAX_ROW_ID);
