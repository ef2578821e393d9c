-- Split reminders per person per day, from every organiser together: one row per person, the
-- current and the previous fixed 24-hour window's reminders (lib/server/splits/remind-split.ts).
-- CreateTable
CREATE TABLE "ReminderCounter" (
    "userId" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "current" INTEGER NOT NULL,
    "previous" INTEGER NOT NULL,

    CONSTRAINT "ReminderCounter_pkey" PRIMARY KEY ("userId")
);
