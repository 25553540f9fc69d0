-- Give once (docs/product.md §4.1, §4.2): a donation is monthly (a Stripe subscription) or once (one payment).
CREATE TYPE "DonationFrequency" AS ENUM ('monthly', 'once');
ALTER TABLE "donations" ADD COLUMN "frequency" "DonationFrequency" NOT NULL DEFAULT 'monthly';

-- A one-off gift's payment has no invoice: it is keyed by its PaymentIntent (which refunds and disputes name too),
-- unique among payments without an invoice. Every payment has one or the other.
ALTER TABLE "donation_payments" ALTER COLUMN "stripe_invoice_id" DROP NOT NULL;
CREATE UNIQUE INDEX "donation_payments_one_off_payment_intent_key" ON "donation_payments"("stripe_payment_intent_id")
    WHERE "stripe_invoice_id" IS NULL;
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_invoice_or_payment_intent"
    CHECK ("stripe_invoice_id" IS NOT NULL OR "stripe_payment_intent_id" IS NOT NULL);

-- The thank-you for a paid one-off gift (docs/product.md §7.9).
ALTER TYPE "DonorEmailKind" ADD VALUE 'one_off_thanks';
