/**
 * Whether an environment runs the demo (MINIBANK_DEMO=1 or true). The one place that decides it:
 * the server's configuration, the security headers, `npm start` and the build (next.config.ts,
 * which fixes the mode into the browser bundles) all ask here.
 *
 * No `server-only` import: next.config.ts and proxy.ts load it outside the React server graph.
 */
export function isDemoEnv(env: Record<string, string | undefined>): boolean {
  return env.MINIBANK_DEMO === "1" || env.MINIBANK_DEMO === "true";
}
