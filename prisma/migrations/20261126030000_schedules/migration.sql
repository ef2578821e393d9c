-- CreateTable
CREATE TABLE "Schedule" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "nextRunAt" DATETIME,
    "occurrences" INTEGER NOT NULL DEFAULT 0,
    "warnedOccurrence" TEXT,
    "leaseUntil" DATETIME,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ScheduleRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "scheduleId" INTEGER NOT NULL,
    "occurrence" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "transferId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "transferId" INTEGER,
    "userId" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    "lastTriedAt" DATETIME
);
INSERT INTO "new_Notification" ("address", "attempts", "channel", "createdAt", "id", "lastError", "lastTriedAt", "leaseUntil", "nextAttemptAt", "sentAt", "status", "text", "transferId", "userId") SELECT "address", "attempts", "channel", "createdAt", "id", "lastError", "lastTriedAt", "leaseUntil", "nextAttemptAt", "sentAt", "status", "text", "transferId", "userId" FROM "Notification";
DROP TABLE "Notification";
ALTER TABLE "new_Notification" RENAME TO "Notification";
CREATE UNIQUE INDEX "Notification_transferId_key" ON "Notification"("transferId");
CREATE INDEX "Notification_channel_status_nextAttemptAt_idx" ON "Notification"("channel", "status", "nextAttemptAt");
CREATE INDEX "Notification_channel_lastTriedAt_idx" ON "Notification"("channel", "lastTriedAt");
CREATE INDEX "Notification_status_createdAt_idx" ON "Notification"("status", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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

