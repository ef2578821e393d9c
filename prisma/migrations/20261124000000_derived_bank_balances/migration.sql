-- The bank's own wallets keep no running balance: their balance is the sum of their postings
-- (lib/server/ledger/bank.ts), so transfers across currencies never queue on the bank's rows.
UPDATE "Wallet" SET "balance" = 0 WHERE "userId" IN (SELECT "id" FROM "User" WHERE "isSystem" = 1);
