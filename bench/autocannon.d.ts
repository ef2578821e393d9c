// The parts of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    };
    type Histogram = { average: number; p50: number; p90: number; p99: number; max: number; total: number };
    type Result = {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
    };
    type Options = { url: string; connections?: number; duration?: number; requests?: Request[] };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
