-- Channels claimed apart, send rates counted across instances, the backlog's age for /api/ready.
-- DropIndex
DROP INDEX "Notification_status_nextAttemptAt_idx";

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "lastTriedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Notification_channel_status_nextAttemptAt_idx" ON "Notification"("channel", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Notification_channel_lastTriedAt_idx" ON "Notification"("channel", "lastTriedAt");

-- CreateIndex
CREATE INDEX "Notification_status_createdAt_idx" ON "Notification"("status", "createdAt");

