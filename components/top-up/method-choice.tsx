import { ListItem } from "@/components/ui/list-item";
import { IconChevron, IconPlus, IconQr } from "@/components/ui/icons";
import { useAllStrings } from "@/lib/client/feature-strings";

/** /add-money: online top-up or a payment QR code. */
export function TopUpMethodChoice() {
  const t = useAllStrings();
  return (
    <section className="stack" aria-labelledby="top-up-choose-title">
      <h2 id="top-up-choose-title" className="section-title">
        {t.topUp.chooseMethod}
      </h2>
      <div className="section">
        <ListItem
          href="/add-money/online"
          title={t.topUp.online}
          subtitle={t.topUp.onlineHint}
          before={<IconPlus />}
          after={<IconChevron />}
        />
        <ListItem
          href="/add-money/qr"
          title={t.topUp.qr}
          subtitle={t.topUp.qrHint}
          before={<IconQr />}
          after={<IconChevron />}
        />
      </div>
    </section>
  );
}
