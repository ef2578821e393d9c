"use client";

import { QRCodeSVG } from "qrcode.react";
import { fill } from "@/lib/shared/strings";
import { useStrings } from "@/lib/client/language";

/** Spec §9: the payment QR is 200 px with error correction level L. */
export const PAYMENT_QR_SIZE = 200;

type PaymentQrProps = { link: string; accountNumber: string };

/** The drawn payment QR and its link in text (this module is loaded only on /add-money/qr). */
export function PaymentQr({ link, accountNumber }: PaymentQrProps) {
  const ru = useStrings();
  return (
    <figure className="section qr-box" style={{ margin: 0 }}>
      <QRCodeSVG
        value={link}
        size={PAYMENT_QR_SIZE}
        level="L"
        role="img"
        aria-label={fill(ru.topUp.qrImageLabel, { number: accountNumber })}
        data-testid="payment-qr"
        data-value={link}
      />
      <figcaption className="hint centered">{ru.topUp.qrCaption}</figcaption>
      <p className="qr-link">
        <span className="visually-hidden">{ru.topUp.qrLink}: </span>
        <code data-testid="payment-link">{link}</code>
      </p>
    </figure>
  );
}
