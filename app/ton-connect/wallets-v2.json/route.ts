import { getWalletsList } from "@/lib/server/ton/wallets-list";

export const dynamic = "force-dynamic";

/** TON Connect wallets list for the widget (see lib/server/ton/wallets-list.ts). */
export async function GET() {
  const { wallets, source } = await getWalletsList();
  return Response.json(wallets, {
    headers: { "Cache-Control": "public, max-age=300", "X-Wallets-Source": source },
  });
}
