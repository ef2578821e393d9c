import fc from "fast-check";
import { parse } from "csv-parse/sync";
import PDFDocument from "pdfkit";
import { POST as exchangeRoute } from "@/app/api/v1/exchanges/route";
import { POST as payRoute } from "@/app/api/v1/requests/[token]/pay/route";
import { POST as createRequestRoute } from "@/app/api/v1/requests/route";
import { GET as csvRoute } from "@/app/api/v1/statements/csv/route";
import { POST as linkRoute } from "@/app/api/v1/statements/link/route";
import { GET as pdfRoute } from "@/app/api/v1/statements/pdf/route";
import { GET as summaryRoute } from "@/app/api/v1/statements/wallet/[walletId]/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { POST as topUpRoute } from "@/app/api/v1/wallet/topup/route";
import { signAccessToken } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";
import { resetEnvForTests } from "@/lib/server/platform/env";
import { CURRENCIES } from "@/lib/shared/money";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser, setRate } from "@/tests/support/ledger";
import { pdfText } from "@/tests/support/pdf-text";

type Actor = Awaited<ReturnType<typeof createFundedUser>>;

afterEach(() => checkInvariants());

const summary = (token: string, walletId: number, query: string) =>
  call(summaryRoute, { token, path: `/api/v1/statements/wallet/${walletId}?${query}`, params: { walletId: String(walletId) } });

async function link(token: string, body: Record<string, unknown>) {
  return call(linkRoute, { token, body });
}

/** Opens a link as the browser or Telegram would: no bearer token, the raw bytes. */
async function download(url: string) {
  const route = url.startsWith("/api/v1/statements/csv") ? csvRoute : pdfRoute;
  const res = await route(new Request(`http://localhost${url}`), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const DAY = 24 * 60 * 60 * 1000;
/** Moves a transfer to another instant (histories over many days without waiting for them). */
const backdate = (id: number, at: Date) => getDb().transfer.update({ where: { id }, data: { createdAt: at } });

describe("statements", () => {
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    await setRate("USD", 90.5);
    alice = await createFundedUser({ RUB: 100_000 });
    bob = await createFundedUser({ RUB: 50_000 });
  });

  it("opening + movements = closing on random histories, and each period's closing opens the next", async () => {
    const base = Date.UTC(2026, 0, 1);
    const op = fc.record({
      kind: fc.constantFrom("topup", "out", "in", "outUsd"),
      amount: fc.integer({ min: 1, max: 50_000 }),
      day: fc.integer({ min: 0, max: 59 }),
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -600, max: 600 }),
        async (ops, startDay, length, tz) => {
          const carol = await createFundedUser({ RUB: 200_000 });
          for (const o of ops) {
            const res =
              o.kind === "topup"
                ? await call(topUpRoute, { token: carol.token, body: { currency: "RUB", amount: o.amount } })
                : o.kind === "in"
                  ? await call(transferRoute, { token: bob.token, body: { senderWalletId: bob.wallets.RUB, receiverWalletId: carol.wallets.RUB, amount: o.amount } })
                  : await call(transferRoute, {
                      token: carol.token,
                      body: { senderWalletId: carol.wallets.RUB, receiverWalletId: o.kind === "outUsd" ? alice.wallets.USD : alice.wallets.RUB, amount: o.amount },
                    });
            if (res.status === 201) await backdate(res.body.id, new Date(base + o.day * DAY + o.minute * 60_000));
            else expect(res.body.code).toBe("INSUFFICIENT_FUNDS");
          }
          const day = (n: number) => new Date(base + n * DAY).toISOString().slice(0, 10);
          const period = `from=${day(startDay)}&to=${day(startDay + length)}&tz=${tz}`;
          const s = (await summary(carol.token, carol.wallets.RUB, period)).body;
          expect(s.opening + s.totalIn - s.totalOut).toBe(s.closing);

          // The same figures from the ledger itself: the account's postings by their transfers' time.
          const start = base + startDay * DAY - tz * 60_000;
          const end = base + (startDay + length + 1) * DAY - tz * 60_000;
          const postings = await getDb().posting.findMany({ where: { walletId: carol.wallets.RUB }, include: { transfer: true } });
          const at = (p: (typeof postings)[number]) => p.transfer.createdAt.getTime();
          const sum = (list: typeof postings) => Number(list.reduce((acc, p) => acc + p.amount, 0n));
          expect(s.opening).toBe(sum(postings.filter((p) => at(p) < start)));
          expect(s.closing).toBe(sum(postings.filter((p) => at(p) < end)));
          expect(s.count).toBe(postings.filter((p) => at(p) >= start && at(p) < end).length);

          // Everything up to the far future closes at the wallet's balance.
          const all = (await summary(carol.token, carol.wallets.RUB, `from=2025-12-01&to=2026-12-31&tz=${tz}`)).body;
          const wallet = await getDb().wallet.findUniqueOrThrow({ where: { id: carol.wallets.RUB } });
          expect([all.opening, all.closing]).toEqual([0, Number(wallet.balance)]);

          // The day after the period opens with its closing.
          const next = (await summary(carol.token, carol.wallets.RUB, `from=${day(startDay + length + 1)}&to=${day(startDay + length + 1)}&tz=${tz}`)).body;
          expect(next.opening).toBe(s.closing);

          // The CSV's rows run from the opening to the closing, one movement at a time.
          const made = await link(carol.token, { walletId: carol.wallets.RUB, from: day(startDay), to: day(startDay + length), tz, format: "csv" });
          const rows: string[][] = parse((await download(made.body.url)).bytes.toString("utf8").replace(/^\uFEFF/, ""), {
            delimiter: ";",
            relax_column_count: true,
          });
          const movements = rows.filter((r) => /^\d\d\.\d\d\.\d{4} \d\d:\d\d$/.test(r[0]));
          const minor = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
          let balance = s.opening;
          for (const row of movements) {
            balance += minor(row[4]);
            expect(minor(row[5])).toBe(balance);
          }
          expect(balance).toBe(s.closing);
          expect(movements).toHaveLength(s.count);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("CSV: UTF-8 with a byte-order mark, `;` separated, Cyrillic intact, totals that add up", async () => {
    const dana = await createFundedUser({ RUB: 10_000 });
    await call(transferRoute, { token: dana.token, body: { senderWalletId: dana.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 2_550 } });
    const today = new Date().toISOString().slice(0, 10);
    const made = await link(dana.token, { walletId: dana.wallets.RUB, from: "2026-01-01", to: today, tz: 0, format: "csv" });
    expect(made.status).toBe(201);
    expect(made.body.fileName).toMatch(/^vypiska-\d{16}-2026-01-01-\d{4}-\d\d-\d\d\.csv$/);
    const file = await download(made.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${made.body.fileName}"`);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(file.bytes.toString("utf8").slice(1), { delimiter: ";", relax_column_count: true });
    expect(rows[0]).toEqual(["Счёт", expect.stringMatching(/^\d{16}$/), "RUB"]);
    expect(rows).toContainEqual(["Входящий остаток", "0,00"]);
    expect(rows).toContainEqual(["Дата", "Номер операции", "Операция", "Контрагент", "Сумма", "Остаток"]);
    expect(rows.find((r) => r[2] === "Пополнение")?.slice(4)).toEqual(["100,00", "100,00"]);
    expect(rows.find((r) => r[2] === "Перевод")?.slice(3)).toEqual([bob.user.username, "-25,50", "74,50"]);
    expect(rows).toContainEqual(["Поступления", "100,00"]);
    expect(rows).toContainEqual(["Списания", "-25,50"]);
    expect(rows).toContainEqual(["Исходящий остаток", "74,50"]);
  });

  it("PDF: a real PDF whose text holds the Cyrillic headings and both balances", async () => {
    const erin = await createFundedUser({ RUB: 123_456 });
    await call(transferRoute, { token: erin.token, body: { senderWalletId: erin.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 23_456 } });
    const today = new Date().toISOString().slice(0, 10);
    const made = await link(erin.token, { walletId: erin.wallets.RUB, from: today, to: today, tz: 0, format: "pdf" });
    const file = await download(made.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const flat = pdfText(file.bytes).replace(/\s+/g, " ");
    expect(flat).toContain("Выписка по счёту");
    expect(flat).toContain("Входящий остаток: 0,00 ₽");
    expect(flat).toContain("Исходящий остаток: 1 000,00 ₽");
    expect(flat).toContain("Пополнение");
  });

  it("CSV and PDF name each movement as the history does: an exchange, a request paid; the PDF's headings whole, its totals signed", async () => {
    const kate = await createFundedUser({ RUB: 100_000 });
    const key = () => ({ "idempotency-key": crypto.randomUUID() });
    const exchanged = await call(exchangeRoute, { token: kate.token, headers: key(), body: { fromWalletId: kate.wallets.RUB, toWalletId: kate.wallets.USD, amount: 9_050 } });
    expect(exchanged.status).toBe(201);
    const asked = await call(createRequestRoute, { token: bob.token, body: { currency: "RUB", amount: 1_000 } });
    const paid = await call(payRoute, { token: kate.token, headers: key(), params: { token: asked.body.token }, body: { walletId: kate.wallets.RUB } });
    expect(paid.status).toBe(201);
    await call(transferRoute, { token: kate.token, body: { senderWalletId: kate.wallets.RUB, receiverWalletId: bob.wallets.RUB, amount: 500 } });
    const today = new Date().toISOString().slice(0, 10);
    const body = { walletId: kate.wallets.RUB, from: today, to: today, tz: 0 };

    const csv = await download((await link(kate.token, { ...body, format: "csv" })).body.url);
    const rows: string[][] = parse(csv.bytes.toString("utf8").slice(1), { delimiter: ";", relax_column_count: true });
    const movements = rows.filter((r) => /^\d\d\.\d\d\.\d{4} /.test(r[0] ?? "")).map((r) => r.slice(2, 5));
    expect(movements).toEqual([
      ["Пополнение", "", "1000,00"],
      ["Обмен", "", "-90,50"],
      ["Оплата запроса", bob.user.username, "-10,00"],
      ["Перевод", bob.user.username, "-5,00"],
    ]);

    const pdf = pdfText((await download((await link(kate.token, { ...body, format: "pdf" })).body.url)).bytes).replace(/\s+/g, " ");
    expect(pdf).toContain("Номер операции");
    // The CSV's cells are numbers for a spreadsheet (ASCII minus); the PDF is read, with the minus sign U+2212.
    expect(pdf).toMatch(/Обмен \u221290,50 ₽/);
    expect(pdf).toContain(`Оплата запроса · ${bob.user.username}`);
    expect(pdf).not.toContain(`Перевод · ${kate.user.username}`);
    expect(pdf).toContain("Поступления: +1 000,00 ₽");
    expect(pdf).toContain("Списания: \u2212105,50 ₽");
  });

  it("nobody reads another's statement: 404 like a missing account, and a link is bound to its format", async () => {
    const mallory = await createFundedUser();
    const period = "from=2026-01-01&to=2026-01-31";
    expect((await summary(mallory.token, alice.wallets.RUB, period)).body.code).toBe("WALLET_NOT_FOUND");
    expect((await summary(mallory.token, alice.wallets.RUB, period)).status).toBe(404);
    expect((await summary(mallory.token, 99_999_999, period)).status).toBe(404);
    const theirs = await link(mallory.token, { walletId: alice.wallets.RUB, from: "2026-01-01", to: "2026-01-31", tz: 0, format: "pdf" });
    expect([theirs.status, theirs.body.code]).toEqual([404, "WALLET_NOT_FOUND"]);

    const mine = await link(alice.token, { walletId: alice.wallets.RUB, from: "2026-01-01", to: "2026-01-31", tz: 0, format: "csv" });
    const token = new URL(mine.body.url, "http://x").searchParams.get("token")!;
    expect((await download(`/api/v1/statements/pdf?token=${encodeURIComponent(token)}`)).status).toBe(404);
    // An access token is no link, and a link whose signature is changed is no link.
    const access = await signAccessToken(alice.user.id);
    expect((await download(`/api/v1/statements/csv?token=${access}`)).status).toBe(404);
    expect((await download(`/api/v1/statements/csv?token=${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await download(mine.body.url)).status).toBe(200);
  });

  it.each([
    ["from=2026-02-01&to=2026-01-01", "INVALID_DATE_RANGE"],
    ["from=2026-02-30&to=2026-03-01", "INVALID_DATE_RANGE"],
    ["from=2020-01-01&to=2026-01-01", "INVALID_DATE_RANGE"],
    ["from=2026-1-1&to=2026-01-31", "VALIDATION_ERROR"],
    ["from=2026-01-01&to=2026-01-31&tz=900", "VALIDATION_ERROR"],
    ["to=2026-01-31", "VALIDATION_ERROR"],
  ])("refuses %s with %s, in Russian", async (query, code) => {
    const res = await summary(alice.token, alice.wallets.RUB, query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(/[а-я]/);
  });

  it("refuses a link for a bad format or period, and answers 401 without a token", async () => {
    const body = { walletId: alice.wallets.RUB, from: "2026-01-01", to: "2026-01-31", tz: 0, format: "xlsx" };
    expect((await link(alice.token, body)).status).toBe(400);
    expect((await link(alice.token, { ...body, format: "csv", to: "2025-01-01" })).body.code).toBe("INVALID_DATE_RANGE");
    expect((await call(linkRoute, { body: { ...body, format: "csv" } })).status).toBe(401);
    expect((await summary("", alice.wallets.RUB, "from=2026-01-01&to=2026-01-31")).status).toBe(401);
  });

  it("in English when the link is asked for in English: English texts, `,` and decimal points, English money", async () => {
    const gina = await createFundedUser({ RUB: 123_456 });
    const today = new Date().toISOString().slice(0, 10);
    const ask = (format: string) =>
      call(linkRoute, { token: gina.token, body: { walletId: gina.wallets.RUB, from: today, to: today, tz: 0, format }, headers: { "accept-language": "en-GB,en;q=0.9" } });
    const csvLink = await ask("csv");
    expect(csvLink.body.fileName).toMatch(/^statement-\d{16}-/);
    const rows: string[][] = parse((await download(csvLink.body.url)).bytes.toString("utf8").slice(1), { relax_column_count: true });
    expect(rows).toContainEqual(["Opening balance", "0.00"]);
    expect(rows).toContainEqual(["Date", "Operation number", "Operation", "Counterparty", "Amount", "Balance"]);
    expect(rows.find((r) => r[2] === "Top-up")?.slice(4)).toEqual(["1234.56", "1234.56"]);
    expect(rows).toContainEqual(["Closing balance", "1234.56"]);
    const text = pdfText((await download((await ask("pdf")).body.url)).bytes).replace(/\s+/g, " ");
    expect(text).toContain("Statement of account");
    expect(text).toContain("Operation number");
    expect(text).toContain("Opening balance: ₽0.00");
    expect(text).toContain("Closing balance: ₽1,234.56");
    expect(text).not.toMatch(/[а-яё]/i);
  });

  it("currencies: a USD account's statement is in dollars", async () => {
    expect(CURRENCIES).toContain("USD");
    const made = await link(alice.token, { walletId: alice.wallets.USD, from: "2026-01-01", to: new Date().toISOString().slice(0, 10), tz: 0, format: "csv" });
    const text = (await download(made.body.url)).bytes.toString("utf8");
    expect(text.split("\r\n")[0]).toMatch(/^\uFEFFСчёт;\d{16};USD$/);
  });
});

describe("a long statement", () => {
  it("streams: the first bytes leave after one page of movements is read, not the whole period", async () => {
    const frank = await createFundedUser();
    for (let batch = 0; batch < 22; batch += 1) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, i) => call(topUpRoute, { token: frank.token, body: { currency: "RUB", amount: 1 + (i % 7) } })),
      );
      expect(made.map((res) => res.status)).toEqual(Array(50).fill(201));
    }
    const today = new Date().toISOString().slice(0, 10);
    const made = await call(linkRoute, { token: frank.token, body: { walletId: frank.wallets.RUB, from: today, to: today, tz: 0, format: "csv" } });
    const db = getDb();
    const pages = jest.spyOn(db.posting, "findMany");
    try {
      const res = await csvRoute(new Request(`http://localhost${made.body.url}`), { params: Promise.resolve({}) });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      const movementLine = /\r\n\d\d\.\d\d\.\d{4} /;
      let text = "";
      let pagesAtFirstMovement = -1;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        text += decoder.decode(next.value, { stream: true });
        if (pagesAtFirstMovement < 0 && movementLine.test(text)) pagesAtFirstMovement = pages.mock.calls.length;
      }
      // 1,100 movements are three pages of 500: when the first of them leaves, at most the first
      // page (and the one read ahead) has been read.
      expect(pagesAtFirstMovement).toBeGreaterThan(0);
      expect(pagesAtFirstMovement).toBeLessThanOrEqual(2);
      expect(pages.mock.calls.length).toBe(3);
      expect(text.split("\r\n").filter((line) => /^\d\d\.\d\d\.\d{4} /.test(line))).toHaveLength(1_100);
    } finally {
      pages.mockRestore();
    }
  }, 120_000);
});

/** Runs `work` with extra configuration (read again by getEnv), restoring it afterwards. */
async function withEnv(values: Record<string, string>, work: () => Promise<void>): Promise<void> {
  for (const [name, value] of Object.entries(values)) process.env[name] = value;
  resetEnvForTests();
  try {
    await work();
  } finally {
    for (const name of Object.keys(values)) delete process.env[name];
    resetEnvForTests();
  }
}

/** `count` top-ups of 0,01–0,07 to `who`'s RUB account, 50 at a time. */
async function manyTopUps(who: Actor, count: number): Promise<void> {
  for (let done = 0; done < count; done += 50) {
    const made = await Promise.all(
      Array.from({ length: Math.min(50, count - done) }, (_, i) => call(topUpRoute, { token: who.token, body: { currency: "RUB", amount: 1 + (i % 7) } })),
    );
    expect(made.map((res) => res.status)).toEqual(Array(made.length).fill(201));
  }
}

const todayLink = (who: Actor, format: "csv" | "pdf") => {
  const today = new Date().toISOString().slice(0, 10);
  return link(who.token, { walletId: who.wallets.RUB, from: today, to: today, tz: 0, format });
};

describe("statements cannot hold the server", () => {
  it("a PDF is laid out a few rows per turn of the event loop, never a whole page of movements at once", async () => {
    const grace = await createFundedUser();
    await manyTopUps(grace, 600);
    const made = await todayLink(grace, "pdf");
    expect(made.status).toBe(201);
    // Which turn of the event loop each piece of text was laid out in.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turns: number[] = [];
    const layOut = PDFDocument.prototype.text;
    const text = jest.spyOn(PDFDocument.prototype, "text").mockImplementation(function (this: PDFKit.PDFDocument, ...args: Parameters<typeof layOut>) {
      turns.push(turn);
      return layOut.apply(this, args);
    });
    try {
      const res = await download(made.body.url as string);
      expect(res.status).toBe(200);
      expect((await pdfText(res.bytes)).match(/Пополнение/g)?.length).toBe(600);
    } finally {
      ticking = false;
      text.mockRestore();
    }
    const perTurn = new Map<number, number>();
    for (const at of turns) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
    // Five cells a row; 600 rows read as two pages of 500 and 100. Laid out a page at a time,
    // one turn would hold 2,500 cells.
    expect(turns.length).toBeGreaterThan(3_000);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(5 * 40);
  }, 120_000);

  it("a statement holds at most STATEMENT_MAX_ROWS movements: a longer period is refused with a clear error, at the link and at the download", async () => {
    const henry = await createFundedUser();
    await manyTopUps(henry, 3);
    await withEnv({ STATEMENT_MAX_ROWS: "4" }, async () => {
      const made = await todayLink(henry, "pdf");
      expect(made.status).toBe(201);
      await manyTopUps(henry, 2);
      expect(await download(made.body.url as string)).toMatchObject({ status: 422 });
      const refused = await todayLink(henry, "csv");
      expect(refused).toMatchObject({ status: 422, body: { code: "STATEMENT_TOO_LARGE", message: "Выписка за этот период слишком большая. Выберите период короче" } });
    });
  }, 60_000);

  it("one owner may download STATEMENT_DOWNLOAD_LIMIT_PER_USER files per 10 minutes, by any links, then 429", async () => {
    const iris = await createFundedUser();
    const other = await createFundedUser();
    await manyTopUps(iris, 2);
    await withEnv({ STATEMENT_DOWNLOAD_LIMIT_PER_USER: "3" }, async () => {
      const csv = (await todayLink(iris, "csv")).body.url as string;
      const pdf = (await todayLink(iris, "pdf")).body.url as string;
      const statuses = [];
      for (const url of [csv, pdf, csv, pdf]) statuses.push((await download(url)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await download(csv);
      expect(JSON.parse(refused.bytes.toString())).toEqual({ code: "RATE_LIMITED", message: "Слишком много выписок подряд. Попробуйте через несколько минут" });
      // Someone else's downloads are their own.
      expect((await download((await todayLink(other, "csv")).body.url as string)).status).toBe(200);
    });
  }, 60_000);
});
