-- Staff answer every request in time (docs/product.md §4.10): a request's status, outcome and first contact, changed
-- by a signed action link's POST or a staff command, and every change kept as history.
CREATE TYPE "SubmissionStatus" AS ENUM ('new', 'contacted', 'closed');
ALTER TABLE "submissions" ADD COLUMN "status" "SubmissionStatus" NOT NULL DEFAULT 'new';
ALTER TABLE "submissions" ADD COLUMN "outcome" TEXT;
ALTER TABLE "submissions" ADD COLUMN "first_contact_at" TIMESTAMPTZ(3);
ALTER TABLE "submissions" ADD COLUMN "closed_at" TIMESTAMPTZ(3);
CREATE INDEX "submissions_status_type_created_at_idx" ON "submissions"("status", "type", "created_at");

CREATE TABLE "submission_status_changes" (
    "id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "status" "SubmissionStatus" NOT NULL,
    "outcome" TEXT,
    "note" TEXT,
    "changed_by" TEXT,
    "via" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "submission_status_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "submission_status_changes_submission_id_created_at_idx" ON "submission_status_changes"("submission_id", "created_at");
CREATE INDEX "submission_status_changes_created_at_idx" ON "submission_status_changes"("created_at");
ALTER TABLE "submission_status_changes" ADD CONSTRAINT "submission_status_changes_submission_id_fkey"
    FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
