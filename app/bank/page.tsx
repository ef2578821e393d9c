import { Suspense } from "react";
import { BankScreen } from "@/components/bank/bank-screen";

export default function BankPage() {
  // useSearchParams (the tab) needs a Suspense boundary in the App Router.
  return (
    <Suspense>
      <BankScreen />
    </Suspense>
  );
}
