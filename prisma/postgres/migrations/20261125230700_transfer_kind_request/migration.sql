-- A payment of a payment request is its own kind of movement ("request"); earlier payments are
-- found by the request each one paid.
UPDATE "Transfer" SET "kind" = 'request'
WHERE "id" IN (SELECT "transferId" FROM "PaymentRequest" WHERE "transferId" IS NOT NULL);
