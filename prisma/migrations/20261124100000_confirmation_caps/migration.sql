-- Caps on confirmation mails (docs/staff-exports.md "Confirmations that were not sent"): when a confirmation
-- took its place under the caps, or why it was skipped.
ALTER TABLE "submissions" ADD COLUMN "confirmation_allowed_at" TIMESTAMPTZ(3),
ADD COLUMN "confirmation_skipped" TEXT;

-- CreateIndex
CREATE INDEX "submissions_confirmation_allowed_at_idx" ON "submissions"("confirmation_allowed_at");

-- Confirmations to one address (in any letter case) in the last day. An expression index: Prisma's schema
-- language cannot declare it, so it lives only here (noted in schema.prisma).
CREATE INDEX "submissions_confirmation_address_idx" ON "submissions"(lower("email"), "confirmation_allowed_at");
