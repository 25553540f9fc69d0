-- Monthly gifts get a life cycle (docs/product.md §4.2): the donation intent becomes a donation with a status enum
-- and the facts Stripe reports, and each payment gets its method, dates, charge and refunds.

-- A donation, no longer an intent.
ALTER TABLE "donation_intents" RENAME TO "donations";
ALTER TABLE "donations" RENAME CONSTRAINT "donation_intents_pkey" TO "donations_pkey";
ALTER TABLE "donations" RENAME CONSTRAINT "donation_intents_amount_check" TO "donations_amount_check";
ALTER INDEX "donation_intents_stripe_session_id_key" RENAME TO "donations_stripe_session_id_key";
ALTER INDEX "donation_intents_stripe_subscription_id_key" RENAME TO "donations_stripe_subscription_id_key";
ALTER INDEX "donation_intents_created_at_idx" RENAME TO "donations_created_at_idx";
ALTER INDEX "donation_intents_status_idx" RENAME TO "donations_status_idx";
ALTER INDEX "donation_intents_email_idx" RENAME TO "donations_email_idx";

-- The status becomes an enum. Old values: pending (stored before Stripe was called) and open (Checkout page
-- created) are both "open" now; completed (Checkout completed) is "active".
CREATE TYPE "DonationStatus" AS ENUM ('open', 'pending', 'active', 'past_due', 'cancelled', 'failed');
ALTER TABLE "donations" DROP CONSTRAINT "donation_intents_status_check";
ALTER TABLE "donations" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "donations" ALTER COLUMN "status" TYPE "DonationStatus" USING (
  CASE "status" WHEN 'pending' THEN 'open' WHEN 'completed' THEN 'active' ELSE "status" END
)::"DonationStatus";
ALTER TABLE "donations" ALTER COLUMN "status" SET DEFAULT 'open';

ALTER TABLE "donations"
  ADD COLUMN "payment_method_type" TEXT,
  ADD COLUMN "started_at" TIMESTAMPTZ(3),
  ADD COLUMN "next_payment_at" TIMESTAMPTZ(3),
  ADD COLUMN "failed_attempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "cancelled_at" TIMESTAMPTZ(3),
  ADD COLUMN "checkout_completed_at" TIMESTAMPTZ(3),
  ADD COLUMN "first_payment_succeeded_at" TIMESTAMPTZ(3),
  ADD COLUMN "failed_at" TIMESTAMPTZ(3),
  ADD COLUMN "subscription_status" TEXT,
  ADD COLUMN "subscription_event_at" TIMESTAMPTZ(3),
  ADD COLUMN "period_end" TIMESTAMPTZ(3);

-- Payments: the donation they belong to, and how each one went.
ALTER TABLE "donation_payments" RENAME COLUMN "intent_id" TO "donation_id";
ALTER TABLE "donation_payments" RENAME CONSTRAINT "donation_payments_intent_id_fkey" TO "donation_payments_donation_id_fkey";

CREATE TYPE "PaymentStatus" AS ENUM ('failed', 'paid', 'refunded', 'disputed');
ALTER TABLE "donation_payments" ALTER COLUMN "status" TYPE "PaymentStatus" USING "status"::"PaymentStatus";

ALTER TABLE "donation_payments"
  ADD COLUMN "stripe_payment_intent_id" TEXT,
  ADD COLUMN "stripe_charge_id" TEXT,
  ADD COLUMN "refunded_cents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "payment_method_type" TEXT,
  ADD COLUMN "invoice_created_at" TIMESTAMPTZ(3),
  ADD COLUMN "paid_at" TIMESTAMPTZ(3),
  ADD COLUMN "attempt_count" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "next_attempt_at" TIMESTAMPTZ(3),
  ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Rows recorded before: the webhook wrote them when Stripe reported the invoice, which is the best date known.
UPDATE "donation_payments" SET "invoice_created_at" = "created_at", "updated_at" = "created_at",
  "paid_at" = CASE WHEN "status" = 'paid' THEN "created_at" END,
  "attempt_count" = CASE WHEN "status" = 'failed' THEN 1 ELSE 0 END;
ALTER TABLE "donation_payments" ALTER COLUMN "invoice_created_at" SET NOT NULL;

-- Donations recorded before: a completed Checkout was a paid first month (cards only then); a cancelled one ended
-- at its last change. Their next payment date and method follow from the next event Stripe sends, and their status
-- is derived again then (backend/src/checkout/donation-state.ts), so each gets the facts that status stands for.
UPDATE "donations" SET "checkout_completed_at" = "updated_at", "first_payment_succeeded_at" = "updated_at",
  "started_at" = COALESCE((SELECT min(p."paid_at") FROM "donation_payments" p WHERE p."donation_id" = "donations"."id"),
    "updated_at")
  WHERE "status" = 'active';
UPDATE "donations" SET "cancelled_at" = "updated_at", "subscription_status" = 'canceled' WHERE "status" = 'cancelled';
-- A failed one could not start Checkout: the fact its status follows from.
UPDATE "donations" SET "failed_at" = "updated_at" WHERE "status" = 'failed';

-- CreateIndex
CREATE INDEX "donation_payments_donation_id_idx" ON "donation_payments"("donation_id");
CREATE INDEX "donation_payments_stripe_charge_id_idx" ON "donation_payments"("stripe_charge_id");
CREATE INDEX "donation_payments_stripe_payment_intent_id_idx" ON "donation_payments"("stripe_payment_intent_id");
