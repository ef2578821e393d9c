// `npm run contract`'s stateful runs against Minibank's production build — the control: 20 seeds,
// nothing planted, no failure — and against proxy mutants whose every answer keeps to the document
// while the bank's state goes wrong: each must be caught by the stateful run, shrunk to a sequence
// that fails the same way and printed as a script. The mutants' runs go on three at a time against
// a target of their own, whose mail goes to one mailbox that hands each run its codes (--code-from).
import { failures, inPool, runContract, startCodeDesk, startContractTarget, TEST_SERVER_LIMITS, type CodeDesk, type ContractTarget, type Run } from "@/tests/support/contract-target";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { freePort } from "@/scripts/app-server";
import { errorAnswer, mutantProxy, type Answer, type Mutation } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget("stateful");
});

afterAll(async () => {
  await target?.stop();
});

const stateful = (baseUrl: string, ...args: string[]) => runContract(baseUrl, "--smtp-port", String(target.smtpPort), "--phases", "stateful", ...args);

/** How often the stateful runs drew an edge on purpose, summed over the seeds. */
const drawn = (output: string, edge: string) =>
  [...output.matchAll(new RegExp(`${edge} ×(\\d+)`, "g"))].reduce((n, m) => n + Number(m[1]), 0);

/** Whether a transfer's answer converted between currencies. */
const crossCurrency = (body: unknown) => (body as { currency: string; receivedCurrency: string }).currency !== (body as { receivedCurrency: string }).receivedCurrency;

describe("npm run contract — stateful runs against a model of the bank", () => {
  it("passes 20 seeds against Minibank: every documented refusal predicted, a conversion to less than one minor unit included", async () => {
    const run = await stateful(target.server.url, "--seeds", "1..20", "--sequences", "3", "--limits", TEST_SERVER_LIMITS);
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toContain("seeds 1..20: 20 run, failing: none");
    expect(run.output.match(/^ok {4}stateful: 3 sequences of up to 8 steps for 3 users, checked against the model after every step$/gm)).toHaveLength(20);
    expect(run.code).toBe(0);
    // The edges were drawn on purpose, and Minibank answered them as documented: a transfer that
    // converts to nothing is 400 INVALID_AMOUNT, one over the per-top-up cap a 400 too.
    expect(drawn(run.output, "the most that converts to nothing")).toBeGreaterThanOrEqual(3);
    expect(drawn(run.output, "the least that converts to 0,01")).toBeGreaterThanOrEqual(3);
    expect(drawn(run.output, "0,01 over the cap")).toBeGreaterThanOrEqual(1);
    expect(run.output).toMatch(/^ {2}POST \/api\/v1\/transfers: .*\+400 INVALID_AMOUNT/m);
  });

  const mutants: [string, RegExp, Mutation][] = [
    [
      "a resent request moves the money again (answering the first result)",
      /balances at GET \/api\/v1\/wallet/,
      (() => {
        const first = new Map<string, Answer>();
        return {
          request: (x) => {
            const key = x.headers.get("idempotency-key");
            if (key && first.has(key)) x.headers.set("idempotency-key", `${key}-again`);
          },
          answer: (x, a) => {
            const key = x.headers.get("idempotency-key");
            if (key?.endsWith("-again")) return first.get(key.slice(0, -"-again".length));
            if (key && a.status === 201) first.set(key, a);
          },
        };
      })(),
    ],
    [
      "balances are served from a cache one request old",
      /balances at GET \/api\/v1\/wallet/,
      (() => {
        const cached = new Map<string, unknown>();
        return {
          answer: (x, a) => {
            if (x.pathname !== "/api/v1/wallet" || x.method !== "GET" || a.status !== 200) return;
            const who = x.headers.get("authorization") ?? "";
            const previous = cached.get(who);
            cached.set(who, a.body);
            return previous ? { ...a, body: previous } : undefined;
          },
        };
      })(),
    ],
    [
      "a history page followed by another drops its last transfer",
      /history at GET \/api\/v1\/transfers\/wallet\/\{walletId\}/,
      {
        answer: (x, a) =>
          x.pathname.startsWith("/api/v1/transfers/wallet/") && Array.isArray(a.body) && a.headers.get("x-next-cursor") ? { ...a, body: a.body.slice(0, -1) } : undefined,
      },
    ],
    [
      "a conversion is rounded up to the next minor unit, not down",
      /amounts at POST \/api\/v1\/transfers/,
      { answer: (x, a) => (x.pathname === "/api/v1/transfers" && a.status === 201 && crossCurrency(a.body) ? { ...a, body: { ...(a.body as object), receivedAmount: (a.body as { receivedAmount: number }).receivedAmount + 1 } } : undefined) },
    ],
    [
      "the least amount that converts to one minor unit is refused as converting to nothing",
      /status at POST \/api\/v1\/transfers/,
      { answer: (x, a) => (x.pathname === "/api/v1/transfers" && a.status === 201 && crossCurrency(a.body) && (a.body as { receivedAmount: number }).receivedAmount === 1 ? errorAnswer(400, "INVALID_AMOUNT") : undefined) },
    ],
    [
      "a top-up's time is Moscow time marked as UTC",
      /createdAt at POST \/api\/v1\/wallet\/topup/,
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/wallet/topup" && a.status === 201
            ? { ...a, body: { ...(a.body as object), createdAt: new Date(Date.parse((a.body as { createdAt: string }).createdAt) + 3 * 3_600_000).toISOString() } }
            : undefined,
      },
    ],
  ];

  /** Each mutant's run, made before the tests that read them: three at a time, each behind its own proxy. */
  const runs = new Map<Mutation, Run>();
  let desk: CodeDesk;
  let mutated: ContractTarget;
  beforeAll(async () => {
    desk = await startCodeDesk();
    mutated = await startContractTarget("stateful-mutants", {}, desk.smtpPort);
    const made = await inPool(
      3,
      mutants.map(([, , mutation]) => async () => {
        const proxy = await mutantProxy(mutated.server.url, mutation);
        try {
          return await runContract(proxy.url, "--code-from", desk.command, "--phases", "stateful", "--seed", "6", "--sequences", "40");
        } finally {
          await proxy.close();
        }
      }),
    );
    mutants.forEach(([, , mutation], i) => runs.set(mutation, made[i]));
  }, 1_200_000);

  afterAll(async () => {
    await mutated?.stop();
    await desk?.close();
  });

  it.each(mutants)("catches a server where %s (%s), shrunk to a sequence that fails the same way", (_what, signature, mutation) => {
    const run = runs.get(mutation)!;
    expect(run.code).toBe(1);
    expect(failures(run.output)).toEqual([expect.stringMatching(/^FAIL {2}stateful: /)]);
    expect(run.output).toMatch(new RegExp(`first failure \\(${signature.source}\\)`));
    expect(run.output).toMatch(/shrunk to .+ after \d+ steps, failing the same way: /);
    expect(run.output).toMatch(/^ {8}script:$/m);
    expect(run.output).toMatch(/^ {8}curl -i -X (GET|POST) /m);
  });
});

describe("npm run contract — what is not the server's fault is not reported as the server's", () => {
  it("a sign-in mail the server cannot send is the environment's: ENV, exit code 3, nothing failed", async () => {
    // No SMTP server listens where the target sends its mail: request-code answers 502 MAIL_FAILED, as documented.
    const run = await runContract(target.server.url, "--phases", "stateful", "--seed", "1", "--code-from", "true");
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toMatch(/^ENV {3}stateful: 0 sequences/m);
    expect(run.output).toMatch(/request-code answered 502 .*MAIL_FAILED/);
    expect(run.output).toMatch(/^0 passed, 0 failed, 1 not checked \(environment\); \d+ of \d+ documented answers missing from the coverage$/m);
    expect(run.code).toBe(3);
  });

  it("a sign-in code that never arrives is the environment's, even in the middle of a sequence", async () => {
    // The server takes the second code request of each address and sends nothing: a user who signs out cannot come back.
    const asked = new Map<string, number>();
    const proxy = await mutantProxy(target.server.url, {
      request: (x) => {
        if (x.pathname !== "/api/v1/auth/email/request-code") return;
        const email = (x.body as { email: string }).email;
        asked.set(email, (asked.get(email) ?? 0) + 1);
        if (asked.get(email)! > 1) return { status: 200, headers: new Headers({ "content-type": "application/json" }), body: { challengeId: "A".repeat(22) } };
      },
    });
    try {
      const run = await stateful(proxy.url, "--seed", "6", "--sequences", "40");
      expect(failures(run.output)).toEqual([]);
      expect(run.output).toMatch(/^ENV {3}stateful: \d+ sequences/m);
      expect(run.output).toMatch(/stopped by the environment, not the server: no message with a code reached contract\.s[abc]\./);
      expect(run.code).toBe(3);
    } finally {
      await proxy.close();
    }
  });

  it("a sign-in code is found among the bank's other mail to the same address", async () => {
    // Right after each code, the address gets a message without one (as a "money arrived" notice would be).
    const mail = nodemailer.createTransport({ host: "127.0.0.1", port: target.smtpPort, secure: false, ignoreTLS: true });
    const proxy = await mutantProxy(target.server.url, {
      request: async (x) => {
        if (x.pathname !== "/api/v1/auth/email/request-code") return;
        const res = await fetch(`${target.server.url}${x.pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(x.body) });
        const body: unknown = await res.json();
        await mail.sendMail({ from: "bank@example.com", to: (x.body as { email: string }).email, subject: "Деньги пришли", text: "Вам пришло 100,00 ₽" });
        return { status: res.status, headers: new Headers({ "content-type": "application/json" }), body };
      },
    });
    try {
      const run = await stateful(proxy.url, "--seed", "1", "--sequences", "2");
      expect(failures(run.output)).toEqual([]);
      expect(run.output).toMatch(/^ok {4}stateful: 2 sequences/m);
      expect(run.code).toBe(0);
    } finally {
      await proxy.close();
      mail.close();
    }
  });

  it("a server that cannot be reached is the environment's", async () => {
    const spec = path.join(os.tmpdir(), `contract-spec-${process.pid}.json`);
    fs.writeFileSync(spec, await (await fetch(`${target.server.url}/api/v1/openapi.json`)).text());
    try {
      const run = await runContract(`http://127.0.0.1:${await freePort()}`, "--spec", spec, "--phases", "stateful", "--seed", "1", "--smtp-port", String(target.smtpPort));
      expect(failures(run.output)).toEqual([]);
      expect(run.output).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
      expect(run.code).toBe(3);
    } finally {
      fs.rmSync(spec, { force: true });
    }
  });

  it("a documented 429 or 503 with Retry-After is waited for, sent again and counted, not failed", async () => {
    let refused = 0;
    const later = (status: number, code: string) => ({ ...errorAnswer(status, code), headers: new Headers({ "content-type": "application/json", "retry-after": "1" }) });
    const proxy = await mutantProxy(target.server.url, {
      request: (x) => {
        if (x.pathname === "/api/v1/transfers" && x.method === "POST" && refused < 2) return (refused += 1), later(429, "RATE_LIMITED");
        if (x.pathname === "/api/v1/wallet" && x.method === "GET" && refused === 2) return (refused += 1), later(503, "UNAVAILABLE");
      },
    });
    try {
      const run = await stateful(proxy.url, "--seed", "3", "--sequences", "3");
      expect(failures(run.output)).toEqual([]);
      expect(run.output).toMatch(/^honoured Retry-After: 3 waits \(POST \/api\/v1\/transfers 429: waited 1 s; POST \/api\/v1\/transfers 429: waited 1 s; GET \/api\/v1\/wallet 503: waited 1 s\)$/m);
      expect(run.code).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});

describe("npm run contract against a server with small limits, told to it with --limits", () => {
  const LIMITS = "lookups=5,transfers=3,topup-count=6,statement-downloads=2,statement-rows=4,topup-daily=300000000";
  let limited: ContractTarget;

  beforeAll(async () => {
    limited = await startContractTarget("limited", {
      LOOKUP_LIMIT_PER_USER: "5",
      TRANSFER_LIMIT_PER_USER: "3",
      TOPUP_COUNT_DAILY_LIMIT: "6",
      STATEMENT_DOWNLOAD_LIMIT_PER_USER: "2",
      STATEMENT_MAX_ROWS: "4",
    });
  });

  afterAll(async () => {
    await limited?.stop();
  });

  const run = (baseUrl: string, ...args: string[]) => runContract(baseUrl, "--smtp-port", String(limited.smtpPort), "--limits", LIMITS, ...args);

  it("the limits phase uses each limit up: as much as it allows is served, the next refused as documented", async () => {
    const result = await run(limited.server.url, "--phases", "limits", "--seed", "1");
    expect(failures(result.output)).toEqual([]);
    for (const name of ["lookups=5", "transfers=3", "topup-count=6", "topup-daily=300000000", "statement-downloads=2", "statement-rows=4"]) {
      expect(result.output).toContain(`ok    limits: ${name}: as much as it allows is served, the next is refused as documented and moves nothing`);
    }
    expect(result.output).toMatch(/^ {2}POST \/api\/v1\/statements\/link: .*\+422 STATEMENT_TOO_LARGE/m);
    expect(result.code).toBe(0);
  });

  it("the stateful model predicts every 429 of the sending, lookup and top-up count limits, strictly", async () => {
    const result = await run(limited.server.url, "--phases", "stateful", "--seeds", "31..36", "--sequences", "15");
    expect(failures(result.output)).toEqual([]);
    expect(result.output).toContain("seeds 31..36: 6 run, failing: none");
    for (const operation of ["POST \\/api\\/v1\\/transfers", "POST \\/api\\/v1\\/wallet\\/topup", "GET \\/api\\/v1\\/users\\/id\\/\\{id\\}"]) {
      expect(result.output).toMatch(new RegExp(`^ {2}${operation}: .*\\+429 RATE_LIMITED`, "m"));
    }
    expect(result.code).toBe(0);
  });

  it("not told the limits, the model follows a server whose limits are lower than Minibank's defaults, and says so", async () => {
    const result = await runContract(limited.server.url, "--smtp-port", String(limited.smtpPort), "--phases", "stateful", "--seeds", "600..607", "--sequences", "12");
    expect(failures(result.output)).toEqual([]);
    expect(result.output).toMatch(/^note {2}stateful: POST \/api\/v1\/transfers answered 429 RATE_LIMITED where the model, assuming the \w+ limit, said .*: give the server's limits with --limits$/m);
    expect(result.code).toBe(0);
  });

  it("the limits phase catches a server whose top-up count limit answers 422 instead of the documented 429", async () => {
    const proxy = await mutantProxy(limited.server.url, {
      answer: (x, a) => (x.pathname === "/api/v1/wallet/topup" && a.status === 429 ? errorAnswer(422, "TOPUP_DAILY_LIMIT") : undefined),
    });
    try {
      const result = await run(proxy.url, "--phases", "limits", "--seed", "1");
      expect(failures(result.output)).toEqual([expect.stringMatching(/^FAIL {2}limits: topup-count=6: /)]);
      expect(result.code).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

