// Next.js loads a server module once per bundle (route handlers, pages, instrumentation), so a
// module-level variable exists once per bundle. jest.isolateModules gives the same: each call
// loads its own copy of every module. Per-process state must be the same in every copy.
type DbModule = typeof import("@/lib/server/db");
type EnvModule = typeof import("@/lib/server/platform/env");
type RefreshModule = typeof import("@/lib/server/rates/refresh");

function load<T extends object>(path: string): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<T>(path);
  });
  return loaded!;
}

describe("state shared by every bundle of one process", () => {
  it("the direct SQL runner works on a client that another bundle created first", async () => {
    const instrumentation = load<DbModule>("@/lib/server/db");
    const routeHandlers = load<DbModule>("@/lib/server/db");
    expect(routeHandlers).not.toBe(instrumentation);

    const db = instrumentation.getDb();
    expect(routeHandlers.getDb()).toBe(db);
    const sql = await routeHandlers.sqlOf();
    await expect(sql.$queryRaw`SELECT 1 AS one`).resolves.toEqual([{ one: 1n }]);
  });

  it("configuration is parsed once, so demo secrets are generated once", () => {
    const first = load<EnvModule>("@/lib/server/platform/env");
    const second = load<EnvModule>("@/lib/server/platform/env");
    first.resetEnvForTests();
    expect(second.getEnv()).toBe(first.getEnv());
  });

  it("the rates refresh runs once per process, whichever bundle starts it", async () => {
    const hits: string[] = [];
    const realFetch = global.fetch;
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      hits.push(String(url));
      return new Response("unavailable", { status: 503 });
    }) as typeof fetch;
    const a = load<RefreshModule>("@/lib/server/rates/refresh");
    const b = load<RefreshModule>("@/lib/server/rates/refresh");
    try {
      const schedule = { intervalMs: 60_000, retryFirstMs: 60_000, retryMaxMs: 60_000 };
      a.startRatesRefresh("http://127.0.0.1:9/a.xml", schedule);
      b.startRatesRefresh("http://127.0.0.1:9/b.xml", schedule);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hits).toEqual(["http://127.0.0.1:9/a.xml"]);
    } finally {
      b.stopRatesRefresh();
      global.fetch = realFetch;
    }
  });
});
