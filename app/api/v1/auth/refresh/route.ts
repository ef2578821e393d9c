import { route } from "@/lib/server/http";
import { rotateRefreshToken } from "@/lib/server/auth/tokens";
import { refreshBody } from "@/lib/shared/schemas/auth";

/** Rotation: the old refresh token is spent; presenting it again revokes its whole family. */
export const POST = route({ auth: false, body: refreshBody }, ({ body }) =>
  rotateRefreshToken(body.refresh_token),
);
