-- Confirmation caps per mailbox and per client (docs/product.md §9.5).
-- confirmation_address_key: SHA-256 (hex) of the normalised address (lower case, quotes removed, a +tag removed, at
-- gmail.com and googlemail.com the dots removed), so every spelling of one mailbox counts for the same address.
-- client_key: a keyed hash of the sending client's address (never the address itself), for the client's share of
-- the hourly cap; the daily purge clears it once it is a day old.
ALTER TABLE "submissions" ADD COLUMN "confirmation_address_key" TEXT,
ADD COLUMN "client_key" TEXT;

-- Existing rows get the same key the application computes (backend/src/mail/confirmation-caps.ts).
UPDATE "submissions" AS s
SET "confirmation_address_key" = encode(sha256(convert_to(
      CASE WHEN parts.domain IN ('gmail.com', 'googlemail.com') THEN replace(parts.local, '.', '') || '@gmail.com'
           ELSE parts.local || '@' || parts.domain END, 'UTF8')), 'hex')
FROM (
  SELECT id,
         regexp_replace(translate(regexp_replace(lower(email), '@[^@]*$', ''), '"\', ''), '^([^+]+)\+.*$', '\1') AS local,
         substring(lower(email) from '@([^@]*)$') AS domain
  FROM "submissions"
  WHERE erased_at IS NULL AND position('@' in email) > 0
) AS parts
WHERE s.id = parts.id;

-- The caps now count by these keys: the old per-address index (on lower(email)) is no longer used.
DROP INDEX IF EXISTS "submissions_confirmation_address_idx";

-- CreateIndex
CREATE INDEX "submissions_confirmation_address_key_confirmation_allowed_at_idx" ON "submissions"("confirmation_address_key", "confirmation_allowed_at");

-- CreateIndex
CREATE INDEX "submissions_client_key_confirmation_allowed_at_idx" ON "submissions"("client_key", "confirmation_allowed_at");
