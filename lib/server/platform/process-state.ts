/**
 * State that must exist once per server process. Next.js bundles a server module separately for
 * route handlers, pages and `instrumentation.ts`, so a module-level variable exists once per
 * bundle: whichever bundle fills it first leaves the others with their own, empty copy. State kept
 * here lives on `globalThis` under a registered symbol, which every bundle of the process shares.
 *
 * `create` runs once per process and name; keep it synchronous and free of I/O. (No `server-only`
 * import: the production server script, outside the React server graph, shares it too.)
 */
export function processState<T>(name: string, create: () => T): T {
  const key = Symbol.for(`minibank.process.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[key];
  if (value === undefined) {
    value = create();
    store[key] = value;
  }
  return value;
}
