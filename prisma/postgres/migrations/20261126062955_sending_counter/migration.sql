-- The sending limit's counter: one row per sender, the current and the previous fixed window's
-- transfers to other people (lib/server/ledger/transfer-limits.ts). It starts empty: transfers made
-- before it existed do not count.
-- CreateTable
CREATE TABLE "SendingCounter" (
    "userId" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "current" INTEGER NOT NULL,
    "previous" INTEGER NOT NULL,

    CONSTRAINT "SendingCounter_pkey" PRIMARY KEY ("userId")
);

