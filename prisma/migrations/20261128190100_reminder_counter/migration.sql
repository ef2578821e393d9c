-- Split reminders per person per day, from every organiser together: one row per person, the
-- current and the previous fixed 24-hour window's reminders (lib/server/splits/remind-split.ts).
-- CreateTable
CREATE TABLE "ReminderCounter" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "windowStart" DATETIME NOT NULL,
    "current" INTEGER NOT NULL,
    "previous" INTEGER NOT NULL
);
