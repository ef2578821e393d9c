-- A first transfer to a wallet counts as a lookup, and transfers to others are limited per sender.
-- CreateIndex
CREATE INDEX "Transfer_senderWalletId_receiverWalletId_idx" ON "Transfer"("senderWalletId", "receiverWalletId");

-- CreateIndex
CREATE INDEX "Transfer_senderWalletId_createdAt_idx" ON "Transfer"("senderWalletId", "createdAt");
