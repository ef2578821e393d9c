-- DropIndex
DROP INDEX "Wallet_userId_currency_key";

-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN     "pocket" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Pocket" (
    "walletId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "target" BIGINT,
    "targetDate" TEXT,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "roundUp" INTEGER NOT NULL DEFAULT 0,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pocket_pkey" PRIMARY KEY ("walletId")
);

-- CreateIndex
CREATE INDEX "Pocket_userId_idx" ON "Pocket"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Wallet_userId_currency_pocket_key" ON "Wallet"("userId", "currency", "pocket");

-- AddForeignKey
ALTER TABLE "Pocket" ADD CONSTRAINT "Pocket_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

