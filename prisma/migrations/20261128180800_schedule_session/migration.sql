-- The session (refresh-token family) that created a schedule: a refresh token's reuse (a theft)
-- pauses the schedules its session created (lib/server/schedules/session.ts). Schedules made
-- before this migration have none.
-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN "sessionId" TEXT;

-- CreateIndex
CREATE INDEX "Schedule_sessionId_idx" ON "Schedule"("sessionId");
