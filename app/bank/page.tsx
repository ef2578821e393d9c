import { headers } from "next/headers";
import { Suspense } from "react";
import { BankScreen } from "@/components/bank/bank-screen";
import { BankShell } from "@/components/bank/bank-shell";
import { parseTab } from "@/components/bank/tab-bar";
import { walletTabPreloadScript } from "@/lib/client/preload";

export default async function BankPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const { tab } = await searchParams;
  return (
    <>
      {/* Starts the wallet tab's requests while the page's code downloads (lib/client/preload.ts). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: walletTabPreloadScript() }} />
      {/* useSearchParams (the tab) needs a Suspense boundary in the App Router. Its fallback is the
          shell: after sign-in the screen's code may still be downloading, and an empty fallback
          left /bank blank meanwhile. */}
      <Suspense fallback={<BankShell tab={parseTab(typeof tab === "string" ? tab : null)} />}>
        <BankScreen />
      </Suspense>
    </>
  );
}
