import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { logger } from "@/lib/server/platform/log";

/** How often the checkpointer copies the WAL's committed pages into the database file. */
const CHECKPOINT_EVERY_MS = 200;
/** SQLite's own threshold (pages), restored if the checkpointer cannot run. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * The checkpointer's thread: its own connection to the file, a PASSIVE checkpoint every few
 * hundred milliseconds (it never waits for the writer or readers and never blocks them), one last
 * on stop. CommonJS, evaluated by the Worker: the app's bundles are not files a thread could load.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
let last = null;
const checkpoint = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
    last = null;
  } catch (error) {
    // Each problem is told once, not five times a second while it lasts.
    if (String(error) !== last) parentPort.postMessage(String(error));
    last = String(error);
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Moves the WAL checkpoints of the SQLite file `file` off the event loop. By default SQLite
 * checkpoints inside the COMMIT that takes the WAL past 1,000 pages: writing those pages into
 * the database file and syncing it, on the one thread that also serves every request, so every
 * request in flight waits for the disk. Here the connection `database` never checkpoints
 * (`wal_autocheckpoint = 0`) and a worker thread does it on a connection of its own. If the thread
 * cannot start or dies, the connection checkpoints as SQLite does by default again.
 */
export function startCheckpointer(database: Database.Database, file: string): Checkpointer | null {
  let driver: string;
  try {
    driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
  } catch {
    return null;
  }
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  database.pragma("wal_autocheckpoint = 0");
  let stopping = false;
  let exited = false;
  worker.once("exit", () => (exited = true));
  const fallBack = (reason: unknown) => {
    if (stopping) return;
    logger.error({ err: reason }, "the SQLite checkpointer stopped; the connection checkpoints by itself again");
    if (database.open) database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("message", (problem: string) => logger.warn({ problem }, "a SQLite checkpoint failed"));
  worker.on("error", fallBack);
  worker.on("exit", (code) => fallBack(new Error(`the checkpointer exited with ${code}`)));
  // The thread never keeps the process alive (a "message" listener refs it again: unref after).
  worker.unref();
  return {
    stop() {
      stopping = true;
      // A thread that already died has nothing to stop: waiting for its exit would never end.
      if (exited) return Promise.resolve();
      // Unreferenced, the thread would let the process end while this waits for it.
      worker.ref();
      return new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        worker.postMessage("stop");
      });
    },
  };
}
