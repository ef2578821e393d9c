-- The language a user's notices and the bot's replies are written in (from Telegram's language_code).
-- AlterTable
ALTER TABLE "User" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'ru';
