// `npm run contract -- mock`: a mock of the backend from the document Minibank's production build
// serves. Every answer keeps to the document (the suite's generated runs pass against it), and a
// frontend's journey — sign in, open wallets, top up, send money, read the history — changes state.
import { freePort } from "@/scripts/app-server";
import { failures, runContract, startContractTarget, startMockProcess, type ContractTarget, type MockProcess } from "@/tests/support/contract-target";

jest.setTimeout(300_000);

let target: ContractTarget;
let mock: MockProcess;

beforeAll(async () => {
  target = await startContractTarget("contract-mock");
  mock = await startMockProcess(target.server.url, await freePort());
  // The real server is needed only for its document.
  await target.stop();
});

afterAll(async () => {
  mock?.child.kill("SIGTERM");
});

async function api(method: string, pathname: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${mock.url}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

async function signIn(email: string) {
  expect((await api("POST", "/api/v1/auth/email/request-code", { body: { email } })).status).toBe(200);
  const tokens = await api("POST", "/api/v1/auth/email/verify-code", { body: { email, code: "123456" } });
  expect(tokens.status).toBe(200);
  const token = (tokens.body as { access_token: string }).access_token;
  expect((await api("POST", "/api/v1/wallet/init", { token })).status).toBe(200);
  const wallets = (await api("GET", "/api/v1/wallet", { token })).body as { id: number; currency: string; balance: number }[];
  return { token, wallets, rub: wallets.find((w) => w.currency === "RUB")! };
}

describe("npm run contract -- mock", () => {
  it("keeps to the document: the generated runs pass against it", async () => {
    const run = await runContract(mock.url, "--phases", "generated", "--code-from", "echo 123456 #", "--seed", "11");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("carries a journey: sign-in, wallets, a top-up and a transfer that change balances, the history", async () => {
    const alice = await signIn("mock.alice@example.com");
    const bob = await signIn("mock.bob@example.com");
    expect(alice.wallets.map((w) => w.currency)).toEqual(["RUB", "USD", "EUR", "CNY"]);
    expect((await api("GET", "/api/v1/wallet")).status).toBe(401);
    expect((await api("POST", "/api/v1/wallet/topup", { token: alice.token, body: { currency: "RUB", amount: 50_000 } })).status).toBe(201);
    const sent = await api("POST", "/api/v1/transfers", { token: alice.token, body: { senderWalletId: alice.rub.id, receiverWalletId: bob.rub.id, amount: 20_000 } });
    expect(sent.status).toBe(201);
    const tooMuch = await api("POST", "/api/v1/transfers", { token: alice.token, body: { senderWalletId: alice.rub.id, receiverWalletId: bob.rub.id, amount: 40_000 } });
    expect([tooMuch.status, (tooMuch.body as { code: string }).code]).toEqual([422, "INSUFFICIENT_FUNDS"]);
    const balance = async (token: string) => ((await api("GET", "/api/v1/wallet", { token })).body as { currency: string; balance: number }[]).find((w) => w.currency === "RUB")?.balance;
    expect(await balance(alice.token)).toBe(30_000);
    expect(await balance(bob.token)).toBe(20_000);
    const history = (await api("GET", `/api/v1/transfers/wallet/${alice.rub.id}`, { token: alice.token })).body as { id: number; amount: number }[];
    expect(history.map((t) => t.amount)).toEqual([20_000, 50_000]);
    expect((await api("GET", `/api/v1/transfers/wallet/${bob.rub.id}`, { token: alice.token })).status).toBe(403);
    const again = await signIn("MOCK.Alice@example.com");
    expect(await balance(again.token)).toBe(30_000);
  });
});
