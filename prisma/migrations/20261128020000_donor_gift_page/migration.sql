-- The donor's own page (docs/product.md §7.10): a donor who stops may say why, from a short fixed list; staff see it
-- in the donations export. A donor who changes the amount gets a confirmation email.
ALTER TABLE "donations" ADD COLUMN "stop_reason" TEXT;
ALTER TYPE "DonorEmailKind" ADD VALUE 'amount_changed';
-- The amounts an amount_changed email states: what the donor changed from and to, as they asked it.
ALTER TABLE "donor_emails" ADD COLUMN "previous_amount_cents" INTEGER;
ALTER TABLE "donor_emails" ADD COLUMN "new_amount_cents" INTEGER;
