-- Emails to donors (welcome, payment failed, cancelled, manage link, yearly statement), stored before they are sent
-- like the form emails (docs/architecture.md §4.7). once_key is unique: deciding the same email twice stores it once.
CREATE TYPE "DonorEmailKind" AS ENUM ('welcome', 'payment_failed', 'cancelled', 'manage_link', 'statement');

CREATE TABLE "donor_emails" (
    "id" UUID NOT NULL,
    "donation_id" UUID NOT NULL,
    "kind" "DonorEmailKind" NOT NULL,
    "once_key" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "statement_year" INTEGER,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "donor_emails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "donor_emails_language_check" CHECK ("language" IN ('nl', 'en', 'es')),
    CONSTRAINT "donor_emails_statement_year_check" CHECK (("kind" = 'statement') = ("statement_year" IS NOT NULL))
);

CREATE UNIQUE INDEX "donor_emails_once_key_key" ON "donor_emails"("once_key");
CREATE INDEX "donor_emails_donation_id_idx" ON "donor_emails"("donation_id");
CREATE INDEX "donor_emails_created_at_idx" ON "donor_emails"("created_at");
CREATE INDEX "donor_emails_status_idx" ON "donor_emails"("status");

-- The emails about a donation go when the donation itself is purged (docs/privacy.md).
ALTER TABLE "donor_emails" ADD CONSTRAINT "donor_emails_donation_id_fkey" FOREIGN KEY ("donation_id") REFERENCES "donations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
