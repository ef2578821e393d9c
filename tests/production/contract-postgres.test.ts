// `npm run contract` — every phase — against Minibank's production build on PostgreSQL: with a
// fixed seed, then the generated and stateful runs again with a random one.
import { dropPostgresDatabase } from "@/scripts/lib/database";
import { failures, runContract, startContractTarget, type ContractTarget } from "@/tests/support/contract-target";
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

  it("passes the generated and stateful runs with a random seed", async () => {
    const run = await runContract(target.server.url, "--smtp-port", String(target.smtpPort), "--phases", "generated,stateful");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
  });
});
