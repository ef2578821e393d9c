// `npm run contract`'s stateful runs against Minibank's production build (a fixed seed and a random
// one), and against proxy mutants whose every answer keeps to the document while the bank's state
// goes wrong: each must be caught by the stateful run, its failing sequence printed as a script.
import { failures, runContract, startContractTarget, type ContractTarget } from "@/tests/support/contract-target";
import { mutantProxy, type Answer, type Mutation } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget("stateful");
});

afterAll(async () => {
  await target?.stop();
});

const stateful = (baseUrl: string, ...args: string[]) => runContract(baseUrl, "--smtp-port", String(target.smtpPort), "--phases", "stateful", ...args);

describe("npm run contract — stateful runs against a model of the bank", () => {
  it.each([["a fixed seed", ["--seed", "424242"]], ["a random seed", []]])("passes against Minibank with %s", async (_what, args) => {
    const run = await stateful(target.server.url, "--sequences", "8", ...args);
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toMatch(/^ok {4}stateful: 8 sequences of up to 8 steps for 3 users, checked against the model after every step$/m);
  });

  const mutants: [string, Mutation][] = [
    [
      "a resent request moves the money again (answering the first result)",
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
      {
        answer: (x, a) =>
          x.pathname.startsWith("/api/v1/transfers/wallet/") && Array.isArray(a.body) && a.headers.get("x-next-cursor") ? { ...a, body: a.body.slice(0, -1) } : undefined,
      },
    ],
  ];

  it.each(mutants)("catches a server where %s", async (_what, mutation) => {
    const proxy = await mutantProxy(target.server.url, mutation);
    try {
      const run = await stateful(proxy.url, "--seed", "5", "--sequences", "40");
      expect(run.code).toBe(1);
      expect(failures(run.output)).toEqual([expect.stringMatching(/^FAIL {2}stateful: /)]);
      expect(run.output).toMatch(/shrunk to .+ after \d+ steps/);
      expect(run.output).toMatch(/^ {8}script:$/m);
      expect(run.output).toMatch(/^ {8}curl -i -X (GET|POST) /m);
    } finally {
      await proxy.close();
    }
  });
});

