-- The email delivery state of a submission becomes an enum that the Prisma schema and the code share
-- (EmailStatus in backend/src/generated/prisma/enums.ts), instead of text checked by a CHECK constraint.
CREATE TYPE "EmailStatus" AS ENUM ('queued', 'sending', 'retrying', 'sent', 'dead');

ALTER TABLE "submissions" DROP CONSTRAINT "submissions_email_status_check";
ALTER TABLE "submissions" ALTER COLUMN "email_status" DROP DEFAULT;
ALTER TABLE "submissions" ALTER COLUMN "email_status" TYPE "EmailStatus" USING "email_status"::"EmailStatus";
ALTER TABLE "submissions" ALTER COLUMN "email_status" SET DEFAULT 'queued';
