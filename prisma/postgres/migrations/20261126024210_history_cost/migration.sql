-- The top-up limits read a receiver's top-ups of the last day through an index, whatever its history.
-- CreateIndex
CREATE INDEX "Transfer_receiverWalletId_kind_createdAt_idx" ON "Transfer"("receiverWalletId", "kind", "createdAt");

