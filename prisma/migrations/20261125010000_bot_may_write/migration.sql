-- Whether the bot may write to a Telegram user (a 403 from the Bot API clears it).
-- AlterTable
ALTER TABLE "User" ADD COLUMN "botMayWrite" BOOLEAN NOT NULL DEFAULT true;
