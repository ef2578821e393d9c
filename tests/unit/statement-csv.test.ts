import { parse } from "csv-parse/sync";
import { statementCsv } from "@/lib/server/statements/csv";
import type { StatementHead, StatementMovement } from "@/lib/server/statements/read-statement";

// The movements come from the database in the real thing; here they name whoever the test likes,
// so the writer is checked on its own, whatever the public-name rules let through.
let movements: StatementMovement[] = [];
jest.mock("@/lib/server/statements/read-statement", () => ({
  readStatementMovements: async function* () {
    yield movements;
  },
}));

const head = (language: "ru" | "en"): StatementHead => ({
  userId: 1,
  walletId: 1,
  number: "4000000000000001",
  currency: "RUB",
  period: { from: "2026-01-01", to: "2026-01-31", tz: 0 },
  language,
  bounds: { start: new Date("2026-01-01T00:00:00Z"), end: new Date("2026-02-01T00:00:00Z") },
  opening: 0n,
  totalIn: 500n,
  totalOut: 700n,
  closing: -200n,
  count: 6,
  lastTransferId: 6,
});

const FORMULAS = ["=cmd|' /C calc'!A0", "+1+cmd|'/c calc'!A0", "-2+3", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", '=HYPERLINK("https://evil.example","Выписка")'];

async function rowsOf(language: "ru" | "en"): Promise<string[][]> {
  movements = FORMULAS.map((name, i) => ({
    transferId: i + 1,
    createdAt: new Date("2026-01-02T10:00:00Z"),
    kind: "out" as const,
    counterparty: name,
    amount: -100n,
    balance: -100n * BigInt(i + 1),
  }));
  const text = await new Response(statementCsv(head(language))).text();
  return parse(text.replace(/^\uFEFF/, ""), { delimiter: language === "ru" ? ";" : ",", relax_column_count: true });
}

describe("a CSV statement", () => {
  it.each(["ru", "en"] as const)("(%s) writes every text cell a spreadsheet would run as a formula with a leading ', amounts as numbers", async (language) => {
    const rows = await rowsOf(language);
    const counterparties = rows.filter((r) => /^\d\d\.\d\d\.\d{4} /.test(r[0] ?? "")).map((r) => r[3]);
    expect(counterparties).toEqual(FORMULAS.map((name) => `'${name}`));
    const decimal = language === "ru" ? "," : ".";
    const amounts = rows.filter((r) => /^\d\d\.\d\d\.\d{4} /.test(r[0] ?? "")).map((r) => r.slice(4));
    expect(amounts[1]).toEqual([`-1${decimal}00`, `-2${decimal}00`]);
    // Totals, signed, stay numbers too: "-7,00", "-2,00".
    expect(rows.flat()).toContain(`-7${decimal}00`);
    expect(rows.flat()).toContain(`-2${decimal}00`);
    // Nothing but the escaped names starts with a formula character.
    const cells = rows.flat().filter((cell) => /^[=+@\t\r]/.test(cell) || (/^-/.test(cell) && !/^-\d+[.,]\d\d$/.test(cell)));
    expect(cells).toEqual([]);
  });
});
