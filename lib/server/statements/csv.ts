import "server-only";
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { formatDay, formatInZone } from "@/lib/server/statements/period";
import { readStatementMovements, type StatementHead, type StatementMovement } from "@/lib/server/statements/read-statement";
import { spreadsheetAmount } from "@/lib/shared/money";
import { ru } from "@/lib/shared/strings";

const t = ru.statement;

export function movementCells(movement: StatementMovement, tz: number): string[] {
  return [
    formatInZone(movement.createdAt, tz),
    String(movement.transferId),
    t.kind[movement.kind],
    movement.counterparty ?? "",
    spreadsheetAmount(movement.amount),
    spreadsheetAmount(movement.balance),
  ];
}

async function* records(head: StatementHead): AsyncGenerator<string[]> {
  yield [t.account, head.number, head.currency];
  yield [t.period, formatDay(head.period.from), formatDay(head.period.to)];
  yield [t.opening, spreadsheetAmount(head.opening)];
  yield [];
  yield Object.values(t.columns);
  for await (const page of readStatementMovements(head)) {
    for (const movement of page) yield movementCells(movement, head.period.tz);
  }
  yield [];
  yield [t.totalIn, spreadsheetAmount(head.totalIn)];
  yield [t.totalOut, spreadsheetAmount(-head.totalOut)];
  yield [t.closing, spreadsheetAmount(head.closing)];
}

/**
 * The statement as CSV the way Russian Excel opens it: UTF-8 with a byte-order mark (else Excel
 * reads Cyrillic as Windows-1251), `;` between fields, decimal commas. Streamed: the movements
 * are read a page at a time as the client takes the bytes.
 */
export function statementCsv(head: StatementHead): ReadableStream<Uint8Array> {
  const csv = stringify({ delimiter: ";", bom: true, record_delimiter: "windows" });
  // pipeline, not pipe: a failed read ends the download with an error instead of hanging it.
  pipeline(Readable.from(records(head)), csv, () => undefined);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
