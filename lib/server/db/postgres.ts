import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/prisma-pg/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isRetryableConflict } from "@/lib/server/db/errors";
import { SELF_WAIT, type Sql, type SqlRunner } from "@/lib/server/db/sql";
import { databasePoolSize, dbLockWaitMs } from "@/lib/server/env";

type Query = TemplateStringsArray | Prisma.Sql;
type Raw = Pick<PostgresClient, "$queryRaw" | "$executeRaw">;

/** Attempts of one transaction that PostgreSQL keeps choosing as a deadlock or serialization victim. */
const MAX_ATTEMPTS = 8;

export function createPostgresClient(url: string): PostgresClient {
  // A request that cannot get a connection in time fails (503, see asAppError) instead of queueing forever.
  const adapter = new PrismaPg({
    connectionString: url,
    connectionTimeoutMillis: dbLockWaitMs(),
    max: databasePoolSize(),
  });
  return new PostgresClient({ adapter });
}

/**
 * The ledger's store on PostgreSQL: interactive transactions at READ COMMITTED, the isolation
 * the ledger is written for (debits are conditional updates; rows are locked in id order by
 * `lockWallets`). A transaction PostgreSQL aborts as a deadlock or serialization victim wrote
 * nothing and is run again, so callers never see it.
 */
export function postgresRunner(db: PostgresClient): SqlRunner {
  const inTransaction = new AsyncLocalStorage<true>();
  const sql = (client: Raw, root: boolean): Sql => {
    const guard = () => {
      // Inside a transaction the root client would take a second connection and could wait for
      // rows the transaction itself locked.
      if (root && inTransaction.getStore()) throw new Error(SELF_WAIT);
    };
    return {
      dialect: "postgresql",
      $queryRaw: async <T>(query: Query, ...values: unknown[]) => {
        guard();
        return (await client.$queryRaw(query, ...values)) as T;
      },
      $executeRaw: async (query: Query, ...values: unknown[]) => {
        guard();
        return client.$executeRaw(query, ...values);
      },
    };
  };
  return {
    ...sql(db, true),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      if (inTransaction.getStore()) throw new Error(SELF_WAIT);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await inTransaction.run(true, () =>
            db.$transaction((tx) => work(sql(tx, false)), {
              isolationLevel: "ReadCommitted",
              maxWait: dbLockWaitMs(),
              timeout: 2 * dbLockWaitMs(),
            }),
          );
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
          // Let the winner finish before trying again; jitter keeps the losers apart.
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10 * attempt));
        }
      }
    },
  };
}
