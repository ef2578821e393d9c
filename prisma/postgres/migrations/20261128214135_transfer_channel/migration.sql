-- How a transfer came to be made (lib/shared/transfer-kind.ts, TRANSFER_CHANNELS). Transfers made
-- before it: a schedule's run, a payment request paid (a split's part when a share holds its
-- token), else the app.
-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'app';

UPDATE "Transfer" SET "channel" = 'schedule'
  WHERE "id" IN (SELECT "transferId" FROM "ScheduleRun" WHERE "transferId" IS NOT NULL);
UPDATE "Transfer" SET "channel" = 'request'
  WHERE "id" IN (SELECT "transferId" FROM "PaymentRequest" WHERE "transferId" IS NOT NULL);
UPDATE "Transfer" SET "channel" = 'split'
  WHERE "id" IN (SELECT r."transferId" FROM "PaymentRequest" r JOIN "SplitShare" s ON s."requestToken" = r."token"
    WHERE r."transferId" IS NOT NULL);
