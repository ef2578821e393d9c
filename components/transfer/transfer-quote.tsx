import { Details } from "@/components/ui/details";
import { useFormStrings } from "@/lib/client/form-strings";
import "./transfer-quote.css";

type TransferQuoteProps = {
  /** What the recipient gets in their currency; null until an amount (and the rates) are known. */
  credit: string | null;
  rate: string | null;
  fee: string;
};

/** Under the amount of a transfer across currencies: what arrives, at which rate, for what fee. */
export function TransferQuote({ credit, rate, fee }: TransferQuoteProps) {
  const t = useFormStrings();
  const rows: [string, string][] = [
    ...(credit ? ([[t.transfer.willReceive, credit]] as [string, string][]) : []),
    [t.confirm.rate, rate ?? t.common.loading],
    [t.confirm.fee, fee],
  ];
  return (
    <div className="transfer-quote" role="status" aria-live="polite">
      <Details rows={rows} />
    </div>
  );
}
