-- Error reports (docs/product.md §9.5): a keyed hash of the address of the client that sent a new error (never the
-- address itself), so one client can take only its share of ERROR_REPORTS_PER_HOUR; the daily purge clears it once
-- it is a day old.
ALTER TABLE "error_reports" ADD COLUMN "client_key" TEXT;

-- CreateIndex
CREATE INDEX "error_reports_client_key_first_seen_at_idx" ON "error_reports"("client_key", "first_seen_at");
