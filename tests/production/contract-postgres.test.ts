// `npm run contract` — every phase — against Minibank's production build on PostgreSQL: with a
// fixed seed, then the control of the stateful runs (20 seeds, nothing planted, no failure) and
// the generated runs again with a random seed.
import { dropPostgresDatabase } from "@/scripts/lib/database";
import { failures, runContract, startContractTarget, TEST_SERVER_LIMITS, type ContractTarget } from "@/tests/support/contract-target";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";

jest.setTimeout(600_000);

const databaseUrl = (postgresUrl as (name: string) => string)(`minibank_contract_${process.pid}_${Date.now().toString(36)}`);
let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget("contract-pg", { DATABASE_URL: databaseUrl });
});

afterAll(async () => {
  await target?.stop();
  await dropPostgresDatabase(databaseUrl);
});

describe("npm run contract against Minibank on PostgreSQL", () => {
  it("passes every phase with a fixed seed", async () => {
    const run = await runContract(target.server.url, "--smtp-port", String(target.smtpPort), "--bot-token", target.botToken, "--seed", "1");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/^ok {4}stateful: /m);
    expect(run.output).toMatch(/^ok {4}oracle: history paging neither skips nor repeats$/m);
  });

  it("passes 20 seeds of the stateful runs, every documented refusal predicted", async () => {
    const run = await runContract(target.server.url, "--smtp-port", String(target.smtpPort), "--phases", "stateful", "--seeds", "1..20", "--sequences", "3", "--limits", TEST_SERVER_LIMITS);
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toContain("seeds 1..20: 20 run, failing: none");
    expect(run.output).toMatch(/^ {2}POST \/api\/v1\/transfers: .*\+400 INVALID_AMOUNT/m);
    expect(run.code).toBe(0);
  });

  it("passes the generated runs with a random seed", async () => {
    const run = await runContract(target.server.url, "--smtp-port", String(target.smtpPort), "--phases", "generated");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
  });
});
