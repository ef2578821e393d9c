"use client";

import { QRCodeSVG } from "qrcode.react";
import { PAYMENT_QR_SIZE } from "@/components/top-up/payment-qr";
import { fill } from "@/lib/shared/strings";
import { useStrings } from "@/lib/client/language";

/** A request's link drawn as a QR code, with the link in text (loaded only once a link exists). */
export function RequestQr({ link, amount }: { link: string; amount: string }) {
  const ru = useStrings();
  return (
    <figure className="section qr-box" style={{ margin: 0 }}>
      <QRCodeSVG
        value={link}
        size={PAYMENT_QR_SIZE}
        level="L"
        role="img"
        aria-label={fill(ru.requests.qrLabel, { amount })}
        data-testid="request-qr"
        data-value={link}
      />
      <p className="qr-link">
        <span className="visually-hidden">{ru.requests.link}: </span>
        <code data-testid="request-link">{link}</code>
      </p>
    </figure>
  );
}
