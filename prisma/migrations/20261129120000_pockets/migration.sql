-- Pockets: money set aside within an account, each on a wallet of its own ("pocket" above 0,
-- numbered per account in the order opened), described by a "Pocket" row (lib/server/pockets).
-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN "pocket" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Pocket" (
    "walletId" INTEGER NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "target" BIGINT,
    "targetDate" TEXT,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "roundUp" INTEGER NOT NULL DEFAULT 0,
    "closedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Pocket_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Pocket_userId_idx" ON "Pocket"("userId");

-- One account per currency, and its pockets beside it.
DROP INDEX "Wallet_userId_currency_key";
CREATE UNIQUE INDEX "Wallet_userId_currency_pocket_key" ON "Wallet"("userId", "currency", "pocket");
