import "server-only";
import path from "node:path";
import { Readable } from "node:stream";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import PDFDocument from "pdfkit";
import { formatDay, formatInZone } from "@/lib/server/statements/period";
import { readStatementMovements, type StatementHead } from "@/lib/server/statements/read-statement";
import { formatMoney, formatMoneyChange } from "@/lib/shared/money";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { fill, ru } from "@/lib/shared/strings";
import { clockNow } from "@/lib/server/platform/clock";

type StatementTexts = (typeof DICTIONARIES)["ru"]["statement"];

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package (installed with the app, never fetched): it has
 * Cyrillic and ₽, which PDF's built-in fonts lack. Read from node_modules at the app's root (where
 * `npm start` runs), not through the bundler, which would not carry a font file along.
 */
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
const REGULAR = path.join(FONT_DIR, "DejaVuSans.ttf");
const BOLD = path.join(FONT_DIR, "DejaVuSans-Bold.ttf");

const MARGIN = 40;
/**
 * Column left edges and widths on an A4 page (595 pt wide). Each is wider than the longest word of
 * its heading in either language ("операции", "Operation": 48 pt in bold 8.5 pt), so a heading
 * wraps between words, never inside one.
 */
const COLUMNS = [
  { x: MARGIN, width: 78 }, // date
  { x: 122, width: 56 }, // number
  { x: 182, width: 160 }, // operation
  { x: 346, width: 100, right: true }, // amount
  { x: 450, width: 105, right: true }, // balance
];

/**
 * Rows laid out in one turn of the event loop. Laying out a row costs about 0.1–0.2 ms, so a
 * turn holds the loop for a few milliseconds at most and other requests are served between turns.
 */
const ROWS_PER_TURN = 20;

/**
 * Gives the event loop back between turns of layout, and waits while the reader has not taken
 * what was already written (backpressure: a slow or stalled download holds no growing buffer).
 * False once the download is gone (the client left, the stream was cancelled): stop laying out.
 */
async function breathe(doc: Readable): Promise<boolean> {
  await nextTurn();
  while (!doc.destroyed && doc.readableLength > doc.readableHighWaterMark) await sleep(5);
  return !doc.destroyed;
}

function row(doc: PDFKit.PDFDocument, cells: string[], bold = false): void {
  const y = doc.y;
  doc.font(bold ? "bold" : "regular").fontSize(8.5);
  let height = 0;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i];
    doc.text(cell, column.x, y, { width: column.width, align: column.right ? "right" : "left" });
    height = Math.max(height, doc.y - y);
  });
  doc.x = MARGIN;
  doc.y = y + height + 4;
}

function header(doc: PDFKit.PDFDocument, t: StatementTexts): void {
  const c = t.columns;
  row(doc, [c.date, c.number, c.operation, c.amount, c.balance], true);
}

function summary(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font("regular").fontSize(10).text(`${label}: `, { continued: true }).font("bold").text(value);
}

/**
 * The statement as an A4 PDF (pdfkit), Cyrillic font embedded as a subset. Pages are written out
 * as they fill, and the movements are read a page of rows at a time, so a long statement is
 * never held in memory whole. pdfkit lays out synchronously: the rows are laid out a few at a
 * time (`breathe`), so making a long statement never holds the server's only event loop.
 */
export function statementPdf(head: StatementHead, now: Date = clockNow()): ReadableStream<Uint8Array> {
  const t = DICTIONARIES[head.language].statement;
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: fill(t.heading, { number: head.number }), Producer: ru.appName } });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const money = (minor: bigint) => formatMoney(minor, head.currency, head.language);

  // pdfkit's document is a stream.Readable; its types describe it only as NodeJS.ReadableStream.
  const readable = doc as unknown as Readable;
  const write = async () => {
    doc.font("bold").fontSize(16).text(fill(t.heading, { number: head.number }));
    doc.moveDown(0.3);
    doc.font("regular").fontSize(10).text(`${t.period}: ${fill(t.periodRange, { from: formatDay(head.period.from), to: formatDay(head.period.to) })}`);
    doc.text(`${t.currency}: ${head.currency}`);
    doc.moveDown(0.5);
    summary(doc, t.opening, money(head.opening));
    doc.moveDown(0.8);
    header(doc, t);
    const bottom = doc.page.height - MARGIN - 20;
    let laidOut = 0;
    for await (const page of readStatementMovements(head)) {
      for (const m of page) {
        laidOut += 1;
        if (laidOut % ROWS_PER_TURN === 0 && !(await breathe(readable))) return;
        if (doc.y > bottom) {
          doc.addPage();
          header(doc, t);
        }
        const operation = m.counterparty ? `${t.kind[m.kind]} · ${m.counterparty}` : t.kind[m.kind];
        row(doc, [formatInZone(m.createdAt, head.period.tz), String(m.transferId), operation, formatMoneyChange(m.amount, head.currency, head.language), money(m.balance)]);
      }
    }
    doc.moveDown(0.8);
    // Signed as on the screen: what came in with "+", what went out with "−".
    summary(doc, t.totalIn, formatMoneyChange(head.totalIn, head.currency, head.language));
    summary(doc, t.totalOut, formatMoneyChange(-head.totalOut, head.currency, head.language));
    summary(doc, t.closing, money(head.closing));
    doc.moveDown(0.8);
    doc.font("regular").fontSize(8).fillColor("#666666").text(fill(t.generatedAt, { date: formatInZone(now, head.period.tz) }));
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(readable) as ReadableStream<Uint8Array>;
}
