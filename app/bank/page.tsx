import { headers } from "next/headers";
import { Suspense } from "react";
import { BankScreen } from "@/components/bank/bank-screen";
import { walletTabPreloadScript } from "@/lib/client/preload";

export default async function BankPage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {/* Starts the wallet tab's requests while the page's code downloads (lib/client/preload.ts). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: walletTabPreloadScript() }} />
      {/* useSearchParams (the tab) needs a Suspense boundary in the App Router. */}
      <Suspense>
        <BankScreen />
      </Suspense>
    </>
  );
}
