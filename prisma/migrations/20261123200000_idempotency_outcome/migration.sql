-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IdempotencyKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "transferId" INTEGER,
    "refusal" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- Keys keep their outcome: the transfer a success created, the code of a refusal.
INSERT INTO "new_IdempotencyKey" ("createdAt", "id", "key", "requestHash", "userId", "transferId", "refusal")
SELECT "createdAt", "id", "key", "requestHash", "userId",
  CASE WHEN "status" < 300 THEN json_extract("response", '$.id') END,
  CASE WHEN "status" >= 400 THEN json_extract("response", '$.code') END
FROM "IdempotencyKey";
DROP TABLE "IdempotencyKey";
ALTER TABLE "new_IdempotencyKey" RENAME TO "IdempotencyKey";
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");
CREATE UNIQUE INDEX "IdempotencyKey_userId_key_key" ON "IdempotencyKey"("userId", "key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

