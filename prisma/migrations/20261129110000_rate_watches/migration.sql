-- Orders at a target rate and rate alerts (lib/server/orders).
-- CreateTable
CREATE TABLE "RateWatch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "target" BIGINT NOT NULL,
    "fromWalletId" INTEGER,
    "toWalletId" INTEGER,
    "amount" BIGINT,
    "expiresAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "reason" TEXT,
    "metRate" BIGINT,
    "transferId" INTEGER,
    "doneAt" DATETIME,
    "leaseUntil" DATETIME,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "RateWatch_userId_kind_status_idx" ON "RateWatch"("userId", "kind", "status");

-- CreateIndex
CREATE INDEX "RateWatch_status_currency_idx" ON "RateWatch"("status", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "RateWatch_userId_idempotencyKey_key" ON "RateWatch"("userId", "idempotencyKey");
