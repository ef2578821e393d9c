import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { revokeRefreshToken } from "@/lib/server/auth/tokens";
import { logoutBody } from "@/lib/shared/schemas/auth";

// No access token needed: signing out must work after it has expired.
export const POST = route(
  contractOf(operations.logout, {
    summary: "Revoke a refresh token",
    description:
      "Revokes the given refresh token and its family, so neither it nor any token rotated from it can be used again. An unknown or already revoked token still answers 200: signing out twice is not an error.",
    tag: "auth",
    body: logoutBody,
    ok: { status: 200 },
  }),
  async ({ body }) => {
    if (body.refresh_token) await revokeRefreshToken(body.refresh_token);
    return { ok: true as const };
  },
);
