-- A payment's dispute as Stripe last reported it (docs/product.md §4.2): a dispute the foundation wins, or an inquiry
-- that closes with no money moved, makes the payment a gift again; a lost or open one keeps it "disputed". Closed
-- states are final. Existing disputed payments had only their opening recorded: their status stays "disputed".
ALTER TABLE "donation_payments" ADD COLUMN "dispute_status" TEXT;
