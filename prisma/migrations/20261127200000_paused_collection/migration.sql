-- A paused gift (docs/product.md §4.2): Stripe's subscription keeps the status "active" while its collection is
-- paused (pause_collection), and no debit comes until it resumes. The ledger keeps the pause from the newest
-- subscription event and derives the donation status "paused", with the resume date as the next payment date.
ALTER TYPE "DonationStatus" ADD VALUE 'paused' AFTER 'past_due';

ALTER TABLE "donations" ADD COLUMN "collection_paused" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "donations" ADD COLUMN "pause_resumes_at" TIMESTAMPTZ(3);
