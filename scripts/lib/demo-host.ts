/**
 * Where `npm run demo` listens: this machine only (127.0.0.1), because the demo's mailbox page
 * shows every sign-in code, unless HOSTNAME names another address (HOSTNAME=0.0.0.0 for every
 * interface, as `npm start` listens by default).
 */
export const DEMO_HOSTNAME = "127.0.0.1";

export function demoHostname(env: Record<string, string | undefined>): string {
  return env.HOSTNAME?.trim() || DEMO_HOSTNAME;
}
