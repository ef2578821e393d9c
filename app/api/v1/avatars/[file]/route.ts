import { AppError, errorBody } from "@/lib/server/errors";
import { json } from "@/lib/server/http";
import { avatarSvg, parseAvatarFile } from "@/lib/server/users/avatar-svg";

type Context = { params: Promise<{ file: string }> };

// Public and immutable, so it does not go through route(): that wrapper marks every answer
// `no-store` and requires a token, while avatars are meant to be cached by the browser for good.
export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const n = parseAvatarFile((await params).file);
  if (n === null) return json(errorBody(new AppError("NOT_FOUND")), 404);
  return new Response(avatarSvg(n), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
    },
  });
}
