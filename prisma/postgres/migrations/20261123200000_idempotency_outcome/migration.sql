-- AlterTable: keys keep their outcome — the transfer a success created, the code of a refusal.
ALTER TABLE "IdempotencyKey" ADD COLUMN "refusal" TEXT,
ADD COLUMN "transferId" INTEGER;

UPDATE "IdempotencyKey" SET
  "transferId" = CASE WHEN "status" < 300 THEN ("response"::json ->> 'id')::integer END,
  "refusal" = CASE WHEN "status" >= 400 THEN "response"::json ->> 'code' END;

ALTER TABLE "IdempotencyKey" DROP COLUMN "response",
DROP COLUMN "status";
