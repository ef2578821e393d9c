-- CreateTable
CREATE TABLE "SpendingLimit" (
    "userId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "daily" BIGINT,
    "monthly" BIGINT,
    "dailyPending" BIGINT,
    "dailyFrom" TIMESTAMP(3),
    "monthlyPending" BIGINT,
    "monthlyFrom" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpendingLimit_pkey" PRIMARY KEY ("userId","currency")
);

-- CreateTable
CREATE TABLE "TransferFreeze" (
    "userId" INTEGER NOT NULL,
    "frozenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TransferFreeze_pkey" PRIMARY KEY ("userId")
);

