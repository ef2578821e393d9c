import { getEnv } from "@/lib/server/platform/env";
import { ICON_PATH } from "@/lib/client/ton/config";

export const dynamic = "force-dynamic";

/**
 * TON Connect app manifest: what a wallet shows about the app when asked to connect. Absolute
 * URLs from APP_URL; a demo without APP_URL uses the address it is served on, so it works on any
 * port. Wallets and extensions fetch it from other origins, hence the open CORS header.
 */
export async function GET(request: Request) {
  const env = getEnv();
  const appUrl = env.demo && !env.appUrlGiven ? new URL(request.url).origin : env.appUrl;
  return Response.json(
    { url: appUrl, name: "Minibank", iconUrl: `${appUrl}${ICON_PATH}` },
    { headers: { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=3600" } },
  );
}
