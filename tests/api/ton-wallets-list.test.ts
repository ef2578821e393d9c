import http from "node:http";
import type { AddressInfo } from "node:net";
import { getWalletsList, resetWalletsListForTests } from "@/lib/server/ton/wallets-list";
import bundled from "@/lib/server/ton/fallback-wallets.json";

const wallet = {
  name: "Local Wallet",
  app_name: "localwallet",
  image: "https://example.com/icon.png",
  about_url: "https://example.com",
  platforms: ["chrome"],
  bridge: [{ type: "js", key: "localwallet" }],
};

async function serve(body: unknown): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/wallets-v2.json`, close: () => server.close() };
}

describe("TON Connect wallets list", () => {
  beforeEach(() => resetWalletsListForTests());

  it('"bundled" answers the bundled list without any request', async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch");
    const list = await getWalletsList("bundled");
    expect(list).toEqual({ wallets: bundled, source: "bundled" });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("serves the upstream list, dropping entries the SDK would reject", async () => {
    const upstream = await serve([wallet, { name: "broken" }]);
    try {
      expect(await getWalletsList(upstream.url)).toEqual({ wallets: [wallet], source: "upstream" });
    } finally {
      upstream.close();
    }
  });

  it("falls back to the bundled list when the upstream cannot answer", async () => {
    const upstream = await serve({ not: "a list" });
    try {
      expect(await getWalletsList(upstream.url)).toEqual({ wallets: bundled, source: "bundled" });
    } finally {
      upstream.close();
    }
  });
});
