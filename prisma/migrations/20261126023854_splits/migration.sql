-- CreateTable
CREATE TABLE "Split" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "token" TEXT NOT NULL,
    "organiserId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "total" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "lastRemindedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SplitShare" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "splitId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "participantId" INTEGER,
    "amount" BIGINT NOT NULL,
    "requestToken" TEXT,
    "settledAt" DATETIME,
    "remindedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "Split_token_key" ON "Split"("token");

-- CreateIndex
CREATE INDEX "Split_organiserId_id_idx" ON "Split"("organiserId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Split_organiserId_idempotencyKey_key" ON "Split"("organiserId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "SplitShare_requestToken_key" ON "SplitShare"("requestToken");

-- CreateIndex
CREATE INDEX "SplitShare_participantId_idx" ON "SplitShare"("participantId");

-- CreateIndex
CREATE UNIQUE INDEX "SplitShare_splitId_position_key" ON "SplitShare"("splitId", "position");

