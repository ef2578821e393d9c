"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Button } from "@/components/ui/button";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { useWallets } from "@/lib/client/hooks";
import { buildTransferLink, parseQrContent } from "@/lib/client/qr";
import { startAppLinkFor } from "@/lib/client/start-link";
import { telegramBotLink } from "@/lib/client/ton/config";
import { parseAmount } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { Form } from "@/components/ui/form";
import { useAllStrings } from "@/lib/client/feature-strings";

// qrcode.react is needed only once a code is drawn, so it stays out of every other page.
const QrFigure = dynamic(() => import("@/components/money/qr-figure").then((m) => m.QrFigure), {
  ssr: false,
  loading: () => <Skeleton width={224} height={224} radius={12} />,
});

/** Shares the payment link, or copies it where the browser cannot share. */
async function shareLink(url: string, title: string, copied: () => void) {
  try {
    if (typeof navigator.share === "function") await navigator.share({ url, title });
    else {
      await navigator.clipboard.writeText(url);
      copied();
    }
  } catch {
    // The user closed the share sheet: nothing to report.
  }
}

function Loading() {
  const t = useAllStrings();
  return (
    <div className="stack" aria-busy="true">
      <span className="visually-hidden">{t.common.loading}</span>
      <Skeleton height={224} radius={14} />
      <Skeleton height={72} radius={12} />
    </div>
  );
}

/**
 * /add-money/qr: pick an own account, enter an amount, show the payment QR for it. "Создать
 * QR-код" is the screen's primary action: Telegram's MainButton inside Telegram.
 */
export function QrTopUpForm() {
  const t = useAllStrings();
  const wallets = useWallets();
  const toast = useToast();
  const [walletId, setWalletId] = useState<number | null>(null);
  const amount = useAmountInput();
  const [link, setLink] = useState<string | null>(null);

  const list = wallets.data ?? [];
  const wallet = list.find((w) => w.id === walletId) ?? list[0] ?? null;

  function generate() {
    if (!wallet) return;
    if (parseAmount(amount.value) === null) {
      amount.reject(t.validation.invalidAmount);
      toast.error(t.validation.invalidAmount);
      return;
    }
    // With the bot's Mini App link known, the code holds a t.me link a phone camera opens in
    // Telegram; otherwise the spec's custom-scheme link. The in-app scanner reads both.
    const custom = buildTransferLink(wallet.number, amount.value);
    const parsed = parseQrContent(custom);
    setLink((parsed.ok && startAppLinkFor(telegramBotLink(), parsed.link)) || custom);
  }

  if (wallets.isLoading) return <Loading />;
  if (wallets.error) return <p role="alert">{t.bank.loadFailed}</p>;
  if (list.length === 0) return <p className="hint">{t.topUp.noWallets}</p>;

  return (
    <Form onSubmit={generate}>
      <h2 className="section-title">{t.topUp.account}</h2>
      <WalletPicker
        label={t.topUp.account}
        wallets={list}
        selectedId={wallet?.id ?? null}
        onSelect={(w) => {
          setWalletId(w.id);
          setLink(null);
        }}
      />
      <AmountField
        label={t.topUp.amount}
        value={amount.value}
        error={amount.error}
        shakeKey={amount.shakeKey}
        onChange={(value) => {
          amount.change(value);
          setLink(null);
        }}
      />
      <PrimaryAction type="submit" label={t.topUp.generate} onPress={generate} disabled={!amount.value} />
      {link && wallet && (
        <QrFigure
          link={link}
          name="payment"
          label={fill(t.topUp.qrImageLabel, { number: wallet.number })}
          linkLabel={t.topUp.qrLink}
          caption={t.topUp.qrCaption}
        />
      )}
      {link?.startsWith("https://") && (
        <Button type="button" variant="secondary" onClick={() => void shareLink(link, t.topUp.shareTitle, () => toast.success(t.topUp.linkCopied))}>
          {t.topUp.shareLink}
        </Button>
      )}
      <Toast toast={toast} />
    </Form>
  );
}
