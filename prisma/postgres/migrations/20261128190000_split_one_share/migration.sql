-- One share per person per split. Joins made at once before this index could give one person
-- several shares of a split; each such person keeps their first share, and the others go back to
-- the split's link (a paid one stays paid, with nobody named).
UPDATE "SplitShare" SET "participantId" = NULL
WHERE "participantId" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "SplitShare" "first"
  WHERE "first"."splitId" = "SplitShare"."splitId" AND "first"."participantId" = "SplitShare"."participantId"
    AND "first"."position" < "SplitShare"."position");

-- CreateIndex
CREATE UNIQUE INDEX "SplitShare_splitId_participantId_key" ON "SplitShare"("splitId", "participantId");
