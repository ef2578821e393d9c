"use client";

import { QRCodeSVG } from "qrcode.react";
import "./qr-figure.css";

/** Spec §9: the payment QR is 200 px with error correction level L. */
export const PAYMENT_QR_SIZE = 200;

type QrFigureProps = {
  /** What the code holds, also shown in text under it. */
  link: string;
  /** The drawing's accessible name. */
  label: string;
  /** Read out before the link in text. */
  linkLabel: string;
  /** Names the drawing (`<name>-qr`, with the link in `data-value`) and the link (`<name>-link`) for tests. */
  name: string;
  caption?: string;
};

/**
 * A link drawn as a QR code, with the link in text: the payment QR of an account, a request's
 * link. qrcode.react comes with it, so screens load this module only once there is a link.
 */
export function QrFigure({ link, label, linkLabel, name, caption }: QrFigureProps) {
  return (
    <figure className="section qr-box" style={{ margin: 0 }}>
      <QRCodeSVG value={link} size={PAYMENT_QR_SIZE} level="L" role="img" aria-label={label} data-testid={`${name}-qr`} data-value={link} />
      {caption && <figcaption className="hint centered">{caption}</figcaption>}
      <p className="qr-link">
        <span className="visually-hidden">{linkLabel}: </span>
        <code data-testid={`${name}-link`}>{link}</code>
      </p>
    </figure>
  );
}
