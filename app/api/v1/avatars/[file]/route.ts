import { z } from "zod";
import { AppError } from "@/lib/server/platform/errors";
import { route } from "@/lib/server/http";
import { openAvatarName } from "@/lib/server/users/avatar-name";
import { avatarSvg, parseAvatarFile } from "@/lib/server/users/avatar-svg";

/** Public and immutable: the browser keeps an avatar for good. */
export const GET = route(
  {
    method: "GET",
    path: "/api/v1/avatars/{file}",
    summary: "Generated avatar picture (`<n>.svg`, n = user id modulo 1 000 000, or the same picture under a sealed name)",
    description:
      "A deterministic SVG picture for users without a photo; public and cacheable, so profile answers can point at it. Answers that anyone holding a link may read (a payment request's requester) name the same picture by a sealed 22-character name, which does not give the user's id away.",
    tag: "users",
    auth: false,
    params: z.object({ file: z.string().describe("`<n>.svg` or `<sealed name>.svg`; anything else is 404") }),
    ok: { status: 200, contentType: "image/svg+xml", cacheControl: "public, max-age=31536000, immutable" },
    errors: ["NOT_FOUND"],
  },
  async ({ params }) => {
    const n = parseAvatarFile(params.file) ?? openAvatarName(params.file);
    if (n === null) throw new AppError("NOT_FOUND");
    return new Response(avatarSvg(n), {
      headers: {
        "content-type": "image/svg+xml; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
