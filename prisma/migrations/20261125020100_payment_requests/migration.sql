
-- CreateTable
CREATE TABLE "PaymentRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "token" TEXT NOT NULL,
    "requesterId" INTEGER NOT NULL,
    "walletId" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "message" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "transferId" INTEGER,
    "payerId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "paidAt" DATETIME,
    "cancelledAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRequest_token_key" ON "PaymentRequest"("token");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRequest_transferId_key" ON "PaymentRequest"("transferId");

-- CreateIndex
CREATE INDEX "PaymentRequest_requesterId_id_idx" ON "PaymentRequest"("requesterId", "id");

