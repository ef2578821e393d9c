import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/server/platform/errors";
import { route } from "@/lib/server/http";
import { commonSecurityHeaders } from "@/lib/server/http/security-headers";

/** Redoc's self-contained browser bundle, as installed . */
const BUNDLE = path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js");

export const GET = route(
  {
    method: "GET",
    path: "/api/docs/redoc.standalone.js",
    summary: "The script of the reference page",
    description:
      "The Redoc bundle the reference page loads, served from this origin so the page works offline. Answers 404 NOT_FOUND where the bundle is not installed.",
    tag: "meta",
    auth: false,
    ok: { status: 200, contentType: "text/javascript", cacheControl: "public, max-age=3600" },
    errors: ["NOT_FOUND"],
  },
  async () => {
    const script = await fs.readFile(BUNDLE).catch(() => {
      throw new AppError("NOT_FOUND");
    });
    return new Response(new Uint8Array(script), {
      headers: { ...commonSecurityHeaders({ dev: false, https: false }), "content-type": "text/javascript; charset=utf-8" },
    });
  },
);
