/**
 * The replica set-up (`PostgreSQL ×1 replica`; BENCH_SETUPS=postgresql×1replica): do the heavy
 * reads — insights and statements — still slow transfers on the primary once the app reads them on
 * a streaming replica (DATABASE_READ_URL, lib/server/db/replica.ts)?
 *
 * It runs on clusters of its own (tests/support/pg-cluster.ts: Debian's binaries), not on the
 * machine's server, which has no standby: a primary on BENCH_REPLICA_PORT (5491) with its commits
 * flushed (fsync and synchronous_commit on, checked as the machine's server is), and an
 * asynchronous streaming standby on the next port, made by pg_basebackup once the primary holds
 * the same seed and history as the other set-ups. Two instances of the same build serve the
 * primary: one without DATABASE_READ_URL (every read on the primary), one with it naming the
 * standby. In each round, after the bare route, three subjects one after the other, their order
 * turning from round to round: same-currency transfers on the first instance with nothing else;
 * the same with BENCH_READERS readers (bench/support/readers.ts) on that instance; the same with
 * the readers on the second. Transfers and readers share the instance, as they share a
 * deployment's. The readers ask as fast as they are answered, or BENCH_READS_PER_SEC in all: on
 * the same instance, faster reads in a closed loop are more of its work, which a fixed rate keeps
 * equal between the subjects. Beside each subject: the readers' own figures, the standby's lag as the primary
 * reports it, and where the instance's replica reads went (its metrics).
 *
 * On one machine the standby shares the cores and the disk with the primary: what moves to it is
 * the primary's own work (its buffers, its reads, its processes), not the machine's, so the gain
 * is smaller here than with a standby on a machine of its own.
 */
import net from "node:net";
import { createDb } from "@/lib/server/db";
import type { AppServer } from "@/scripts/app-server";
import { removeClusters, startPrimary, startStandby, waitForStreaming, type Cluster } from "@/tests/support/pg-cluster";
import type { Bare } from "./bare";
import { postgresSettings, type PostgresSettings } from "./configuration";
import { bareEndpoint, NO_READERS, READERS_ON_PRIMARY, READERS_ON_REPLICA, TRANSFERS } from "./endpoints";
import { drain, load, type Endpoint, type Measured } from "./load";
import { countsSince, replicaReadCounts, startReaders, watchReplication, type ReadersMeasured, type ReplicationSeen } from "./readers";
import { summarise, summariseReplica, type Figure, type ReplicaFigure, type Round } from "./rounds";
import { ledgerOf, prepareDatabase, startInstances, type Ledger, type Setup } from "./setups";

/** The standby's application_name, as pg_stat_replication shows it. */
const STANDBY = "replica";
const METRICS_TOKEN = "bench-metrics-token-0123456789";
/**
 * PostgreSQL's default shared_buffers, which the machine's server (Debian's package) runs with:
 * the clusters' figures compare with the other set-ups'. The rest is tests/support/pg-cluster.ts's
 * (hot_standby_feedback on, as docs/operating.md asks of a replica).
 */
const CLUSTER_SETTINGS = { shared_buffers: "128MB" };
/**
 * The readers ask far more than a customer does: the limits per customer (60 insights, 10
 * statements per 10 minutes) would turn most of their reads into 429s.
 */
const SERVER_ENV = { METRICS_TOKEN, INSIGHTS_LIMIT_PER_USER: "10000", STATEMENT_DOWNLOAD_LIMIT_PER_USER: "10000" };

export type ReplicaOptions = {
  distDir: string;
  work: string;
  smtpUrl: string;
  /** The first instance's port; the second's is the next. */
  port: number;
  bare: Bare;
  /** The customers' tokens (bench/support/endpoints.ts), the readers' as well as the transfers'. */
  tokens: string[];
  /** The app endpoints (bench/support/endpoints.ts): the same-currency transfers are each subject's load. */
  endpoints: Endpoint[];
  users: number;
  customers: number;
  readers: number;
  /** At most this many reads a second in all (0: each reader as fast as it gets answers). */
  readsPerSec: number;
  timing: { rounds: number; seconds: number; warmup: number; connections: number };
};

type ClusterFacts = { primary: PostgresSettings; standby: PostgresSettings; standbyMode: string };

/** The figures of the set-up (one per subject), its ledger after the load, its rounds, and its own figures. */
export type ReplicaResult = {
  figures: Figure[];
  ledger: Ledger;
  rounds: Round[];
  replica?: ReplicaFigure & { settings: ClusterFacts };
};

type Subject = { endpoint: Endpoint; label: string; server: AppServer; readers: boolean };

/** Refuses ports something else listens on, before a cluster is made that could not start there. */
async function assertFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    await new Promise<void>((resolve, reject) => {
      const server = net.createServer();
      server.once("error", () => reject(new Error(`BENCH_REPLICA_PORT: port ${port} is taken (the replica set-up uses it and the next)`)));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
    });
  }
}

/** A load measured as bench/api.ts measures one: the warm-up, then `mark`, then the measure. */
async function loaded(url: string, endpoint: Endpoint, options: ReplicaOptions, mark = () => {}): Promise<Measured> {
  const { seconds, warmup, connections } = options.timing;
  if (warmup > 0) await load([url], endpoint, connections, warmup);
  mark();
  return load([url], endpoint, connections, seconds);
}

type Seen = { measured: Measured; readers?: ReadersMeasured; replication: ReplicationSeen; replicaReads: Record<string, number> };

/** One subject: its transfers, with its readers running from the warm-up to the end of the measure. */
async function measureSubject(subject: Subject, primary: Cluster, database: string, options: ReplicaOptions): Promise<Seen> {
  const { url } = subject.server;
  const before = await replicaReadCounts(url, METRICS_TOKEN);
  const readers = subject.readers ? startReaders(url, options.tokens, options.readers, options.readsPerSec) : undefined;
  const watch = watchReplication(primary.url(database), STANDBY);
  let stopped: [ReadersMeasured | undefined, ReplicationSeen];
  let measured: Measured;
  try {
    measured = await loaded(url, subject.endpoint, options, () => watch.mark());
  } finally {
    // Also when the load failed: nothing of a subject outlives it.
    stopped = await Promise.all([readers?.stop(), watch.stop()]);
  }
  await drain([url], "/api/health");
  const replicaReads = countsSince(before, await replicaReadCounts(url, METRICS_TOKEN));
  return { measured, readers: stopped[0], replication: stopped[1], replicaReads };
}

/** One round: the reference, then the subjects in an order that turns from round to round. */
async function measureRound(r: number, subjects: Subject[], primary: Cluster, database: string, options: ReplicaOptions): Promise<Round> {
  const bareUrl = options.bare.url;
  const bare = await loaded(bareUrl, bareEndpoint, options);
  await drain([bareUrl], "/api/bare");
  const round: Round = { bare, endpoints: {}, readers: {}, replication: {}, replicaReads: {} };
  const line = [`  round ${r}/${options.timing.rounds}: bare ${bare.reqPerSec}`];
  // A slow spell of the shared machine hits each subject as often.
  const order = subjects.map((_, i) => subjects[(i + r - 1) % subjects.length]);
  for (const subject of order) {
    const name = subject.endpoint.name;
    const seen = await measureSubject(subject, primary, database, options);
    round.endpoints[name] = seen.measured;
    if (round.replication) round.replication[name] = seen.replication;
    if (round.replicaReads) round.replicaReads[name] = seen.replicaReads;
    if (seen.readers && round.readers) round.readers[name] = seen.readers;
    const reads = seen.readers ? ` (reads ${seen.readers.readsPerSec}/s)` : "";
    line.push(`${subject.label} ${seen.measured.reqPerSec}${reads}`);
  }
  const lagMax = Math.max(...Object.values(round.replication ?? {}).map((seen) => seen.lagBytesMax));
  console.log(`${line.join("; ")} (transfers/s); standby's lag ≤ ${Math.round(lagMax / 1024)} kB`);
  return round;
}

/**
 * Both instances given the same work before the first round — transfers with readers, a subject's
 * length — outside any figure: a server's first seconds (its routes loaded, its code compiled)
 * are slow, and the instance reading on the standby would otherwise meet its first load in round
 * 1's last subject, after the other had two.
 */
async function warmUp(servers: AppServer[], transfers: Endpoint, options: ReplicaOptions): Promise<void> {
  const { seconds, warmup, connections } = options.timing;
  console.log(`  warming both instances up (transfers with readers, ${seconds + warmup} s each)…`);
  for (const server of servers) {
    const readers = startReaders(server.url, options.tokens, options.readers, options.readsPerSec);
    try {
      await load([server.url], transfers, connections, seconds + warmup);
    } finally {
      await readers.stop();
    }
    await drain([server.url], "/api/health");
  }
}

/** The two instances (the second reading on the standby) and the rounds measured on them; stops them. */
async function serveAndMeasure(setup: Setup, primary: Cluster, standby: Cluster, transfers: Endpoint, options: ReplicaOptions): Promise<Round[]> {
  const database = decodeURIComponent(new URL(setup.databaseUrl).pathname.slice(1));
  const serve = (name: string, port: number, env: Record<string, string>) =>
    startInstances({ ...setup, name, instances: 1 }, { distDir: options.distDir, work: options.work, port, smtpUrl: options.smtpUrl, env });
  const servers: AppServer[] = [];
  try {
    servers.push(...(await serve(`${setup.name} primary`, options.port, SERVER_ENV)));
    servers.push(...(await serve(`${setup.name} standby`, options.port + 1, { ...SERVER_ENV, DATABASE_READ_URL: standby.url(database) })));
    const [alone, reading] = servers;
    const subject = (name: string, label: string, server: AppServer, readers: boolean): Subject => ({
      endpoint: { ...transfers, name },
      label,
      server,
      readers,
    });
    const subjects = [
      subject(NO_READERS, "no readers", alone, false),
      subject(READERS_ON_PRIMARY, "readers on the primary", alone, true),
      subject(READERS_ON_REPLICA, "readers on the replica", reading, true),
    ];
    await warmUp(servers, transfers, options);
    const rounds: Round[] = [];
    for (let r = 1; r <= options.timing.rounds; r += 1) rounds.push(await measureRound(r, subjects, primary, database, options));
    return rounds;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** The replica set-up from its clusters' start to their removal, which happens whatever fails. */
export async function benchReplica(setup: Setup, options: ReplicaOptions): Promise<ReplicaResult> {
  const transfers = options.endpoints.find((endpoint) => endpoint.name === TRANSFERS);
  if (!setup.replica || !transfers) throw new Error(`${setup.name} is no replica set-up, or no ${TRANSFERS} to load it with`);
  const { primaryPort, standbyPort } = setup.replica;
  await assertFree([primaryPort, standbyPort]);
  const primary = await startPrimary({ port: primaryPort, settings: CLUSTER_SETTINGS });
  let standby: Cluster | undefined;
  const db = createDb(setup.databaseUrl);
  try {
    const primarySettings = await postgresSettings(primary.url());
    await prepareDatabase(setup, db, options.users, options.customers);
    console.log(`  standby (pg_basebackup, asynchronous streaming) on port ${standbyPort}…`);
    standby = await startStandby(primary, { name: STANDBY, port: standbyPort, root: primary.root, settings: CLUSTER_SETTINGS });
    await waitForStreaming(primary, STANDBY, "async", 120_000);
    const standbySettings = await postgresSettings(standby.url());
    const rounds = await serveAndMeasure(setup, primary, standby, transfers, options);
    const subjects = [NO_READERS, READERS_ON_PRIMARY, READERS_ON_REPLICA].map((name) => ({ ...transfers, name }));
    const standbyMode = "asynchronous streaming (pg_basebackup -R -X stream), hot_standby_feedback on";
    const replica = summariseReplica(rounds, options.readers, options.readsPerSec);
    const settings = { primary: primarySettings, standby: standbySettings, standbyMode };
    return {
      figures: summarise(setup.name, subjects, rounds),
      ledger: await ledgerOf(db),
      rounds,
      ...(replica ? { replica: { ...replica, settings } } : {}),
    };
  } finally {
    await db.$disconnect();
    await standby?.stop();
    await primary.stop();
    removeClusters(primary.root);
  }
}
