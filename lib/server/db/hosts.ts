import pg from "pg";

/**
 * A PostgreSQL URL that may name several hosts, as libpq's does
 * (`postgresql://user@h1:5432,h2:5433/minibank`): node-postgres and Prisma's adapter accept one host
 * only (pg-connection-string refuses the list), so the list is taken apart here and each
 * connection is made to one host of it. No `server-only`: the scripts that migrate and check the
 * database at start use it too.
 */

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

/** The URL once per host it names, in its order (one URL for a single host; the same URL when it is no PostgreSQL URL). */
export function hostUrls(url: string): string[] {
  const parts = URL_PARTS.exec(url);
  if (!parts) return [url];
  const [, scheme, user = "", hosts, rest] = parts;
  const list = hosts.split(",").filter(Boolean);
  if (list.length <= 1) return [url];
  return list.map((host) => `${scheme}${user}${host}${rest}`);
}

/** Whether the URL names more than one host. */
export function isMultiHost(url: string): boolean {
  return hostUrls(url).length > 1;
}

/** SQLSTATE cannot_connect_now: how the app reports a host that is not the primary (a 503). */
export const NOT_PRIMARY = "57P03";

/** The error a connection to a server in recovery (a standby) fails with. */
export function notPrimaryError(host: string): pg.DatabaseError {
  const error = new pg.DatabaseError(`${host} is in recovery (a standby), not the primary`, 0, "error");
  error.code = NOT_PRIMARY;
  return error;
}

/** Whether the server behind `client` is in recovery (a standby: `pg_is_in_recovery()`). */
export async function inRecovery(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
  return rows[0]?.standby === true;
}

/** The same server's maintenance database, `postgres`. */
function maintenanceUrl(url: string): string {
  const parts = URL_PARTS.exec(url);
  if (!parts) return url;
  const [, scheme, user = "", host, rest] = parts;
  return `${scheme}${user}${host}${rest.replace(/^\/[^?#]*/, "/postgres")}`;
}

/** The host part of a URL, for logs (no user, no password). */
export function hostOf(url: string): string {
  return URL_PARTS.exec(url)?.[3] ?? "?";
}

/**
 * The URL of the host that is not in recovery — libpq's `target_session_attrs=read-write` — trying
 * them all at once, each for at most `timeoutMs`; the URL itself when it names one host. Throws
 * when none of them is a primary now (every host down, or the standby not yet promoted).
 */
export async function findPrimary(url: string, timeoutMs = 3000): Promise<string> {
  const urls = hostUrls(url);
  if (urls.length === 1) return url;
  const probe = async (candidate: string, database = candidate): Promise<string> => {
    const client = new pg.Client({ connectionString: database, connectionTimeoutMillis: timeoutMs });
    client.on("error", () => undefined);
    try {
      await client.connect();
    } catch (error) {
      // A database not created yet (the first start migrates it): the server's own answers.
      if (error instanceof pg.DatabaseError && error.code === "3D000" && database === candidate) return probe(candidate, maintenanceUrl(candidate));
      throw error;
    }
    try {
      if (await inRecovery(client)) throw notPrimaryError(hostOf(candidate));
      return candidate;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  try {
    return await Promise.any(urls.map((candidate) => probe(candidate)));
  } catch (error) {
    const reasons = error instanceof AggregateError ? error.errors : [error];
    const first = reasons.find((reason) => reason instanceof pg.DatabaseError) ?? reasons[0];
    throw first instanceof Error ? first : new Error(`no primary among ${urls.map(hostOf).join(", ")}`);
  }
}
