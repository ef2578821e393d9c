import "server-only";
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { formatDay, formatInZone } from "@/lib/server/statements/period";
import { readStatementMovements, type StatementHead } from "@/lib/server/statements/read-statement";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { spreadsheetAmount } from "@/lib/shared/money";

/** Amounts stay bigint until csv-stringify writes them (`cast.bigint`): then they are numbers, never escaped as formulas. */
async function* records(head: StatementHead): AsyncGenerator<(string | bigint)[]> {
  const t = DICTIONARIES[head.language].statement;
  yield [t.account, head.number, head.currency];
  yield [t.period, formatDay(head.period.from), formatDay(head.period.to)];
  yield [t.opening, head.opening];
  yield [];
  yield Object.values(t.columns);
  for await (const page of readStatementMovements(head)) {
    for (const m of page) {
      yield [formatInZone(m.createdAt, head.period.tz), String(m.transferId), t.kind[m.kind], m.counterparty ?? "", m.amount, m.balance];
    }
  }
  yield [];
  yield [t.totalIn, head.totalIn];
  yield [t.totalOut, -head.totalOut];
  yield [t.closing, head.closing];
}

/**
 * The statement as CSV the way Excel opens it: UTF-8 with a byte-order mark (else Excel reads
 * Cyrillic as Windows-1251); in Russian `;` between fields and decimal commas, as Russian Excel
 * expects, in English `,` and decimal points. Streamed: the movements are read a page at a time
 * as the client takes the bytes.
 * Every text cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a line break: a counterparty's name) gets a leading `'` (csv-stringify's `escape_formulas`);
 * amounts, written from bigint, stay numbers ("-1,00").
 */
export function statementCsv(head: StatementHead): ReadableStream<Uint8Array> {
  const csv = stringify({
    delimiter: head.language === "ru" ? ";" : ",",
    bom: true,
    record_delimiter: "windows",
    escape_formulas: true,
    cast: { bigint: (minor) => spreadsheetAmount(minor, head.language) },
  });
  // pipeline, not pipe: a failed read ends the download with an error instead of hanging it.
  pipeline(Readable.from(records(head)), csv, () => undefined);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
