-- CreateTable
CREATE TABLE "submissions" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "location" TEXT,
    "subject" TEXT,
    "message" TEXT,
    "category" TEXT,
    "speaks_dutch" BOOLEAN,
    "availability" TEXT,
    "motivation" TEXT,
    "experience" TEXT,
    "skills" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "spoken_languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "preferred_contact" TEXT,
    "family_size" INTEGER,
    "help_type" TEXT,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "email_status" TEXT NOT NULL DEFAULT 'queued',
    "email_attempts" INTEGER NOT NULL DEFAULT 0,
    "email_last_error" TEXT,
    "email_sent_at" TIMESTAMPTZ(3),
    "confirmation_sent_at" TIMESTAMPTZ(3),
    "erased_at" TIMESTAMPTZ(3),

    CONSTRAINT "submissions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "submissions_type_check" CHECK ("type" IN ('volunteer', 'contact', 'help-request')),
    CONSTRAINT "submissions_language_check" CHECK ("language" IN ('nl', 'en', 'es')),
    CONSTRAINT "submissions_email_status_check" CHECK ("email_status" IN ('queued', 'sending', 'retrying', 'sent', 'dead'))
);

-- CreateTable
CREATE TABLE "donation_intents" (
    "id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'eur',
    "name" TEXT,
    "email" TEXT NOT NULL,
    "message" TEXT,
    "source" TEXT,
    "platform" TEXT,
    "referral" BOOLEAN,
    "referrer_name" TEXT,
    "referrer_email" TEXT,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "stripe_session_id" TEXT,
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "erased_at" TIMESTAMPTZ(3),

    CONSTRAINT "donation_intents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "donation_intents_amount_check" CHECK ("amount_cents" >= 500),
    CONSTRAINT "donation_intents_status_check" CHECK ("status" IN ('pending', 'open', 'completed', 'failed', 'cancelled'))
);

-- CreateTable
CREATE TABLE "donation_payments" (
    "id" UUID NOT NULL,
    "intent_id" UUID,
    "stripe_invoice_id" TEXT NOT NULL,
    "stripe_subscription_id" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'eur',
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "donation_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "error_reports" (
    "id" UUID NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "component_stack" TEXT,
    "url" TEXT,
    "user_agent" TEXT,
    "client_time" TEXT,
    "occurrences" INTEGER NOT NULL DEFAULT 1,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "error_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "submissions_type_created_at_idx" ON "submissions"("type", "created_at");

-- CreateIndex
CREATE INDEX "submissions_created_at_idx" ON "submissions"("created_at");

-- CreateIndex
CREATE INDEX "submissions_email_status_idx" ON "submissions"("email_status");

-- CreateIndex
CREATE INDEX "submissions_email_idx" ON "submissions"("email");

-- CreateIndex
CREATE UNIQUE INDEX "donation_intents_stripe_session_id_key" ON "donation_intents"("stripe_session_id");

-- CreateIndex
CREATE UNIQUE INDEX "donation_intents_stripe_subscription_id_key" ON "donation_intents"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "donation_intents_created_at_idx" ON "donation_intents"("created_at");

-- CreateIndex
CREATE INDEX "donation_intents_status_idx" ON "donation_intents"("status");

-- CreateIndex
CREATE INDEX "donation_intents_email_idx" ON "donation_intents"("email");

-- CreateIndex
CREATE UNIQUE INDEX "donation_payments_stripe_invoice_id_key" ON "donation_payments"("stripe_invoice_id");

-- CreateIndex
CREATE INDEX "donation_payments_created_at_idx" ON "donation_payments"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "error_reports_fingerprint_key" ON "error_reports"("fingerprint");

-- CreateIndex
CREATE INDEX "error_reports_last_seen_at_idx" ON "error_reports"("last_seen_at");

-- AddForeignKey
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_intent_id_fkey" FOREIGN KEY ("intent_id") REFERENCES "donation_intents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
