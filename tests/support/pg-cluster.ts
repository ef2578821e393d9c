// PostgreSQL clusters of the test's own from Debian's binaries (/usr/lib/postgresql/<version>/bin;
// scripts/lib/postgres.sh installs them when missing): a primary, and standbys made from it with
// pg_basebackup, each on its own port in a temporary folder. PostgreSQL refuses to run as root:
// as root, the clusters belong to the package's own user, `postgres`.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** Debian's newest PostgreSQL binaries; throws, saying how to get them, when there are none. */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl"))) : [];
  if (versions.length === 0) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql: scripts/test.sh installs Debian's postgresql package");
  return path.join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, "bin");
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs as the clusters' owner. */
async function pgTool(program: string, args: string[]): Promise<string> {
  const command = path.join(postgresBin(), program);
  const { stdout } = asRoot
    ? await run("su", ["postgres", "-s", "/bin/sh", "-c", [command, ...args].map(quote).join(" ")])
    : await run(command, args);
  return stdout;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export type Cluster = {
  name: string;
  port: number;
  dataDir: string;
  /** A URL of database `database` on this cluster. */
  url(database?: string): string;
  /** The postmaster's process id (from postmaster.pid). */
  pid(): number;
  /** pg_ctl promote: a standby becomes a primary. */
  promote(): Promise<void>;
  /** Kills the postmaster and every process of it with SIGKILL: the machine losing its database. */
  killHard(): void;
  /** pg_ctl stop -m immediate (nothing when it is not running). */
  stop(): Promise<void>;
  /** Starts it again, as it was started first. */
  start(): Promise<void>;
};

function clusterOf(name: string, port: number, dataDir: string, socketDir: string, settings: Record<string, string>): Cluster {
  return {
    name,
    port,
    dataDir,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    pid: () => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]),
    async promote() {
      await pgTool("pg_ctl", ["-D", dataDir, "-w", "promote"]);
    },
    killHard() {
      const pid = this.pid();
      const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((child) => child > 0);
      for (const target of [pid, ...children]) {
        try {
          process.kill(target, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    },
    async stop() {
      if (!fs.existsSync(path.join(dataDir, "postmaster.pid"))) return;
      await pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
    },
    start: () => start(dataDir, port, socketDir, settings),
  };
}

/** A folder the clusters' owner may write (and the test may read). */
function ownedFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  return dir;
}

async function start(dataDir: string, port: number, socketDir: string, settings: Record<string, string>): Promise<void> {
  const options = [`-p ${port}`, `-k ${socketDir}`, "-c listen_addresses=127.0.0.1", ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)];
  await pgTool("pg_ctl", ["-D", dataDir, "-l", `${dataDir}.log`, "-w", "-t", "60", "-o", options.join(" "), "start"]);
}

/** Settings of every cluster here: small, quick to start, enough connections for two app instances and the test. */
const COMMON = { max_connections: "100", shared_buffers: "32MB", max_wal_senders: "5", hot_standby_feedback: "on", wal_keep_size: "64MB" };

/**
 * Settings a caller puts over COMMON. The tests take COMMON as it is; the bench (bench/support/
 * replica.ts) gives its clusters the machine's server's shared_buffers, so that its figures are
 * comparable with the other set-ups'.
 */
export type ClusterSettings = Record<string, string>;

/**
 * A primary on `port`; with `synchronousStandby`, a commit waits until that standby (its
 * application_name) has flushed it (`synchronous_commit = on`).
 */
export async function startPrimary(options: { port: number; synchronousStandby?: string; settings?: ClusterSettings }): Promise<Cluster & { root: string }> {
  const root = ownedFolder("minibank-cluster-");
  const dataDir = path.join(root, "primary");
  await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const sync: Record<string, string> = options.synchronousStandby
    ? { synchronous_standby_names: options.synchronousStandby, synchronous_commit: "on" }
    : {};
  const settings = { ...COMMON, ...options.settings, ...sync };
  await start(dataDir, options.port, root, settings);
  return { ...clusterOf("primary", options.port, dataDir, root, settings), root };
}

/**
 * A hot standby of `primary` made with pg_basebackup (streaming, `-R`), named `name` (its
 * application_name, which synchronous_standby_names refers to), on `port`.
 */
export async function startStandby(
  primary: Cluster,
  options: { name: string; port: number; root: string; settings?: ClusterSettings },
): Promise<Cluster> {
  const dataDir = path.join(options.root, options.name);
  await pgTool("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", dataDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
  // The last setting wins: pg_basebackup -R wrote a primary_conninfo without the standby's name.
  fs.appendFileSync(
    path.join(dataDir, "postgresql.auto.conf"),
    `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${options.name}'\n`,
  );
  const settings = { ...COMMON, ...options.settings };
  await start(dataDir, options.port, options.root, settings);
  return clusterOf(options.name, options.port, dataDir, options.root, settings);
}

/** Waits until `standby` streams from `primary` in `state` (sync or async), as pg_stat_replication says. */
export async function waitForStreaming(primary: Cluster, standby: string, state: "sync" | "async", ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: primary.url() });
    await client.connect();
    try {
      const { rows } = await client.query<{ sync_state: string }>(
        "SELECT sync_state FROM pg_stat_replication WHERE application_name = $1 AND state = 'streaming'",
        [standby],
      );
      if (rows[0]?.sync_state === state) return;
    } finally {
      await client.end();
    }
    if (Date.now() > deadline) throw new Error(`${standby} is not streaming (${state}) from the primary`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes the clusters' folder (stop them first). */
export function removeClusters(root: string): void {
  fs.rmSync(root, { recursive: true, force: true });
}
