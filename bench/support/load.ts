/**
 * One load measure: autocannon at a fixed number of connections against one server or split over
 * several, and the wait for the servers to go idle again before the next measure.
 */
import fs from "node:fs";
import autocannon from "autocannon";

export type Endpoint = {
  name: string;
  /** Counted as deliberate (not a failure) when the endpoint may refuse by design. */
  allowed?: number[];
  request: () => autocannon.Request;
};

export type Measured = {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /**
   * The share of the machine's CPU time (all cores, /proc/stat) that was busy while it was
   * measured — the app, the database and the load generator together; null where there is no
   * /proc. Near 1: the cores bound the figure, and a second instance on them cannot add to it.
   */
  busy: number | null;
};

/** The machine's CPU time so far, busy and in all (jiffies; /proc/stat's first line), or null off Linux. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    return { busy: total - fields[3] - fields[4], total };
  } catch {
    return null;
  }
}

/** Load on one server, or split over several (each gets its share of the connections). */
export async function load(urls: string[], endpoint: Endpoint, connections: number, seconds: number): Promise<Measured> {
  const cpuBefore = cpuTimes();
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.ceil(connections / urls.length),
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, ...endpoint.request() }) }],
      }),
    ),
  );
  const statusCodes: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = (statusCodes[code] ?? 0) + Number((stat as { count: number | string }).count);
    }
  }
  const cpuAfter = cpuTimes();
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    busy: cpuBefore && cpuAfter ? Math.round((100 * (cpuAfter.busy - cpuBefore.busy)) / Math.max(1, cpuAfter.total - cpuBefore.total)) / 100 : null,
    reqPerSec: Math.round(sum((r) => r.requests.average)),
    // Over several instances: the slower instance's figure (a client meets either).
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    requests: sum((r) => r.requests.total),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    statusCodes,
  };
}

/** Answers that are neither 2xx nor a refusal the endpoint may give by design. */
export function unexpected(endpoint: Endpoint, measured: Measured): number {
  return Object.entries(measured.statusCodes)
    .filter(([code]) => !code.startsWith("2") && !(endpoint.allowed ?? []).includes(Number(code)))
    .reduce((sum, [, count]) => sum + count, 0);
}

/**
 * Requests the client gave up on may still be queued in the server: wait until a single request
 * (to `probe`, a cheap path) comes back quickly from every server.
 */
export async function drain(urls: string[], probe: string): Promise<void> {
  for (const url of urls) {
    for (let i = 0; i < 60; i += 1) {
      const started = performance.now();
      await fetch(`${url}${probe}`).then((res) => res.arrayBuffer());
      if (performance.now() - started < 20) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
