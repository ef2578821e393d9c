-- AlterTable
ALTER TABLE "User" ADD COLUMN     "botMayWrite" BOOLEAN NOT NULL DEFAULT true;

