-- The lookup limit's counter: one row per user, the current and the previous fixed 10-minute
-- window's lookups of other users (lib/server/users/lookup-limit.ts). It replaces the lookups'
-- rows in "RateLimitHit", which are dropped: counts start over.
-- CreateTable
CREATE TABLE "LookupCounter" (
    "userId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "windowStart" DATETIME NOT NULL,
    "current" INTEGER NOT NULL,
    "previous" INTEGER NOT NULL
);

DELETE FROM "RateLimitHit" WHERE "key" LIKE 'lookup:user:%';
