-- The daily overview of requests waiting past their promised answer time (docs/product.md §4.10.1): one row per
-- Dutch calendar day it was sent on (its once key), stored before it is sent, so two instances or a retried job send
-- one overview a day, and staff can see whether it went out.
CREATE TABLE "staff_overview_emails" (
    "id" UUID NOT NULL,
    "once_key" TEXT NOT NULL,
    "request_count" INTEGER NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "staff_overview_emails_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "staff_overview_emails_once_key_key" ON "staff_overview_emails"("once_key");
