-- Outcomes that arrive later (docs/product.md §4.2).
-- A refund can fail days later (a closed SEPA account): each refund is kept with Stripe's status, and a payment's
-- refunded amount is the sum of those that did not fail.
CREATE TABLE "donation_refunds" (
    "id" TEXT NOT NULL,
    "payment_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "donation_refunds_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "donation_refunds_payment_id_idx" ON "donation_refunds"("payment_id");
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_payment_id_fkey"
    FOREIGN KEY ("payment_id") REFERENCES "donation_payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A renewal that needs 3-D Secure: the invoice's page where the donor confirms it, and the email that links it.
ALTER TABLE "donation_payments" ADD COLUMN "confirmation_url" TEXT;
ALTER TABLE "donor_emails" ADD COLUMN "invoice_id" TEXT;
ALTER TYPE "DonorEmailKind" ADD VALUE 'payment_action_required';

-- A reversed debit or a revoked SEPA mandate while the gift runs: the donor is asked whether they meant to stop, and
-- staff see a note in the donations export.
ALTER TYPE "DonorEmailKind" ADD VALUE 'stop_check';
ALTER TABLE "donations" ADD COLUMN "staff_note" TEXT;
