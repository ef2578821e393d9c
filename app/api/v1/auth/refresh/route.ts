import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { rotateRefreshToken } from "@/lib/server/auth/tokens";
import { pauseSchedulesOfStolenSession } from "@/lib/server/schedules/session";
import { refreshBody } from "@/lib/shared/schemas/auth";

/** Rotation: the old refresh token is spent; presenting it again revokes its whole family. */
export const POST = route(
  contractOf(operations.refresh, {
    summary: "Rotate the refresh token (reuse revokes the family)",
    description:
      "Spends a refresh token and answers a new access token and a new refresh token. A refresh token works once: presenting a spent one revokes every token of its family (401), since it means the token leaked, and pauses the scheduled transfers that session created (their owner is told, to resume their own).",
    tag: "auth",
    body: refreshBody,
    ok: { status: 200 },
    errors: ["INVALID_REFRESH_TOKEN"],
  }),
  ({ body }) => rotateRefreshToken(body.refresh_token, pauseSchedulesOfStolenSession),
);
