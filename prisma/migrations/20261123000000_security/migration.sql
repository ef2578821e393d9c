-- Sign-in challenges, init-data replay guard, and indexes for the periodic sweep.
-- Live sign-in codes are dropped: they last 10 minutes and cannot be sealed after the fact.
-- CreateTable
CREATE TABLE "EmailChallenge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "requesterKey" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UsedInitData" (
    "hash" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EmailCode" (
    "email" TEXT NOT NULL PRIMARY KEY,
    "codeHash" TEXT NOT NULL,
    "codeSealed" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
DROP TABLE "EmailCode";
ALTER TABLE "new_EmailCode" RENAME TO "EmailCode";
CREATE INDEX "EmailCode_expiresAt_idx" ON "EmailCode"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "EmailChallenge_email_idx" ON "EmailChallenge"("email");

-- CreateIndex
CREATE INDEX "EmailChallenge_expiresAt_idx" ON "EmailChallenge"("expiresAt");

-- CreateIndex
CREATE INDEX "UsedInitData_expiresAt_idx" ON "UsedInitData"("expiresAt");

-- CreateIndex
CREATE INDEX "RateLimitHit_createdAt_idx" ON "RateLimitHit"("createdAt");

-- CreateIndex
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");


-- CreateIndex
CREATE INDEX "RefreshToken_family_revokedAt_idx" ON "RefreshToken"("family", "revokedAt");
