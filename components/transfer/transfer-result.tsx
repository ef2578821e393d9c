"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ru } from "@/lib/shared/strings";

/** After a successful transfer: the spec's success text, then home or another transfer. */
export function TransferResult({ onAnother }: { onAnother: () => void }) {
  const router = useRouter();
  return (
    <div className="section result">
      <p role="status">{ru.transfer.success}</p>
      <Button onClick={() => router.push("/bank")}>{ru.transfer.toBank}</Button>
      <Button variant="secondary" onClick={onAnother}>
        {ru.transfer.another}
      </Button>
    </div>
  );
}
