-- CreateTable
CREATE TABLE "RateWatch" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "target" BIGINT NOT NULL,
    "fromWalletId" INTEGER,
    "toWalletId" INTEGER,
    "amount" BIGINT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "reason" TEXT,
    "metRate" BIGINT,
    "transferId" INTEGER,
    "doneAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RateWatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RateWatch_userId_kind_status_idx" ON "RateWatch"("userId", "kind", "status");

-- CreateIndex
CREATE INDEX "RateWatch_status_currency_idx" ON "RateWatch"("status", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "RateWatch_userId_idempotencyKey_key" ON "RateWatch"("userId", "idempotencyKey");

