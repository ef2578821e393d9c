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
  it("follows the customer's own limits and freeze: a send past the limit is 422 SPENDING_LIMIT, a raise waits, frozen is 423 TRANSFERS_FROZEN", async () => {
    const carol = await signIn("mock.carol@example.com");
    const dan = await signIn("mock.dan@example.com");
    await api("POST", "/api/v1/wallet/topup", { token: carol.token, body: { currency: "RUB", amount: 10_000 } });
    expect((await api("PUT", "/api/v1/limits/RUB", { token: carol.token, body: { daily: 2_500, monthly: null } })).status).toBe(200);
    const send = (amount: number) => api("POST", "/api/v1/transfers", { token: carol.token, body: { senderWalletId: carol.rub.id, receiverWalletId: dan.rub.id, amount } });
    expect([(await send(1_000)).status, (await send(1_000)).status, (await send(1_000)).status]).toEqual([201, 201, 422]);
    const raised = (await api("PUT", "/api/v1/limits/RUB", { token: carol.token, body: { daily: 9_000, monthly: null } })).body as { limits: { currency: string; daily: number; pendingDaily: { amount: number } }[] };
    expect(raised.limits.find((l) => l.currency === "RUB")).toMatchObject({ daily: 2_500, pendingDaily: { amount: 9_000 } });
    expect((await api("PUT", "/api/v1/limits", { token: carol.token, body: { frozen: true } })).status).toBe(200);
    const frozen = await send(100);
    expect(frozen).toMatchObject({ status: 423, body: { code: "TRANSFERS_FROZEN" } });
    expect(((await api("GET", "/api/v1/limits", { token: dan.token })).body as { frozen: boolean }).frozen).toBe(false);
  });
});
