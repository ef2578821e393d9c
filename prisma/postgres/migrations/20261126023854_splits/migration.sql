-- CreateTable
CREATE TABLE "Split" (
    "id" SERIAL NOT NULL,
    "token" TEXT NOT NULL,
    "organiserId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "total" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "lastRemindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Split_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SplitShare" (
    "id" SERIAL NOT NULL,
    "splitId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "participantId" INTEGER,
    "amount" BIGINT NOT NULL,
    "requestToken" TEXT,
    "settledAt" TIMESTAMP(3),
    "remindedAt" TIMESTAMP(3),

    CONSTRAINT "SplitShare_pkey" PRIMARY KEY ("id")
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

