-- A customer's own limits on money leaving to other people, per currency, with a raise that waits
-- 24 hours, and the freeze of transfers (lib/server/ledger/spending-limits.ts).
-- CreateTable
CREATE TABLE "SpendingLimit" (
    "userId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "daily" BIGINT,
    "monthly" BIGINT,
    "dailyPending" BIGINT,
    "dailyFrom" DATETIME,
    "monthlyPending" BIGINT,
    "monthlyFrom" DATETIME,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "currency")
);

-- CreateTable
CREATE TABLE "TransferFreeze" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "frozenAt" DATETIME NOT NULL
);
