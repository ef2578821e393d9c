import { route } from "@/lib/server/http";
import { revokeRefreshToken } from "@/lib/server/auth/tokens";
import { logoutBody } from "@/lib/shared/schemas/auth";

// No access token needed: signing out must work after it has expired.
export const POST = route({ auth: false, body: logoutBody }, async ({ body }) => {
  if (body.refresh_token) await revokeRefreshToken(body.refresh_token);
  return { ok: true };
});
