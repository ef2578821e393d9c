-- A transfer may carry the sender's message to the receiver (plain text, at most 140 characters).
ALTER TABLE "Transfer" ADD COLUMN "message" TEXT;
