-- AlterTable
ALTER TABLE "Notification" ALTER COLUMN "transferId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "Schedule" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "senderWalletId" INTEGER NOT NULL,
    "receiverWalletId" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "message" TEXT,
    "kind" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT,
    "count" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'active',
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "nextOccurrence" TEXT,
    "nextRunAt" TIMESTAMP(3),
    "occurrences" INTEGER NOT NULL DEFAULT 0,
    "warnedOccurrence" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Schedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduleRun" (
    "id" SERIAL NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "occurrence" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "transferId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduleRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Schedule_userId_id_idx" ON "Schedule"("userId", "id");

-- CreateIndex
CREATE INDEX "Schedule_status_nextRunAt_idx" ON "Schedule"("status", "nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "Schedule_userId_idempotencyKey_key" ON "Schedule"("userId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "ScheduleRun_transferId_key" ON "ScheduleRun"("transferId");

-- CreateIndex
CREATE UNIQUE INDEX "ScheduleRun_scheduleId_occurrence_key" ON "ScheduleRun"("scheduleId", "occurrence");

