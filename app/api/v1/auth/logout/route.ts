import { route } from "@/lib/server/http";
import { revokeRefreshToken } from "@/lib/server/auth/tokens";
import { logoutBody, okDto } from "@/lib/shared/schemas/auth";

// No access token needed: signing out must work after it has expired.
export const POST = route(
  {
    method: "POST",
    path: "/api/v1/auth/logout",
    summary: "Revoke a refresh token",
    description:
      "Revokes the given refresh token and its family, so neither it nor any token rotated from it can be used again. An unknown or already revoked token still answers 200: signing out twice is not an error.",
    tag: "auth",
    auth: false,
    body: logoutBody,
    ok: { status: 200, schema: okDto },
  },
  async ({ body }) => {
    if (body.refresh_token) await revokeRefreshToken(body.refresh_token);
    return { ok: true as const };
  },
);
