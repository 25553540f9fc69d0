-- The periodieke gift signed online (docs/product.md §4.9): the agreement, its signatures with their audit lines, its
-- single-use links (only the token's hash) and its emails. Transaction numbers come from a sequence: never reused.
CREATE SEQUENCE "periodic_agreement_number" START 1;

CREATE TYPE "PeriodicAgreementStatus" AS ENUM ('awaiting_verification', 'awaiting_signatures', 'awaiting_countersignature', 'signed', 'active', 'stopped', 'ended');
CREATE TYPE "AgreementSigningMethod" AS ENUM ('online', 'paper');
CREATE TYPE "AgreementSignerRole" AS ENUM ('donor', 'partner', 'foundation');
CREATE TYPE "AgreementLinkPurpose" AS ENUM ('verify_email', 'sign_donor', 'sign_partner', 'countersign', 'start_debits');
CREATE TYPE "AgreementEmailKind" AS ENUM ('verify_email', 'partner_invitation', 'countersign_request', 'completed', 'stopped');

CREATE TABLE "periodic_agreements" (
    "id" UUID NOT NULL,
    "transaction_number" TEXT NOT NULL,
    "status" "PeriodicAgreementStatus" NOT NULL DEFAULT 'awaiting_verification',
    "language" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_verified_at" TIMESTAMPTZ(3),
    "first_names" TEXT NOT NULL,
    "surname" TEXT NOT NULL,
    "birth_date" DATE NOT NULL,
    "birth_place" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "postal_code" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "phone" TEXT,
    "partner_first_names" TEXT,
    "partner_surname" TEXT,
    "partner_birth_date" DATE,
    "partner_birth_place" TEXT,
    "partner_email" TEXT,
    "monthly_amount_cents" INTEGER NOT NULL,
    "yearly_amount_cents" INTEGER NOT NULL,
    "term_years" INTEGER,
    "first_year" INTEGER NOT NULL,
    "ends_on_job_loss" BOOLEAN NOT NULL DEFAULT false,
    "ends_on_disability" BOOLEAN NOT NULL DEFAULT false,
    "ends_on_anbi_loss" BOOLEAN NOT NULL DEFAULT false,
    "signing_method" "AgreementSigningMethod" NOT NULL DEFAULT 'online',
    "document_sha256" TEXT,
    "document" BYTEA,
    "final_document" BYTEA,
    "completed_at" TIMESTAMPTZ(3),
    "replaces_donation_id" UUID,
    "stop_reason" TEXT,
    "stopped_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "periodic_agreements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "periodic_agreements_yearly_is_twelve_months" CHECK ("yearly_amount_cents" = 12 * "monthly_amount_cents"),
    CONSTRAINT "periodic_agreements_term_at_least_five" CHECK ("term_years" IS NULL OR "term_years" >= 5)
);
CREATE UNIQUE INDEX "periodic_agreements_transaction_number_key" ON "periodic_agreements"("transaction_number");
CREATE INDEX "periodic_agreements_status_idx" ON "periodic_agreements"("status");
CREATE INDEX "periodic_agreements_email_idx" ON "periodic_agreements"("email");
CREATE INDEX "periodic_agreements_created_at_idx" ON "periodic_agreements"("created_at");

CREATE TABLE "agreement_signatures" (
    "id" UUID NOT NULL,
    "agreement_id" UUID NOT NULL,
    "role" "AgreementSignerRole" NOT NULL,
    "method" "AgreementSigningMethod" NOT NULL,
    "signer_name" TEXT NOT NULL,
    "signer_function" TEXT,
    "email" TEXT,
    "document_sha256" TEXT NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agreement_signatures_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "agreement_signatures_agreement_id_role_key" ON "agreement_signatures"("agreement_id", "role");
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_agreement_id_fkey"
    FOREIGN KEY ("agreement_id") REFERENCES "periodic_agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "agreement_links" (
    "token_sha256" TEXT NOT NULL,
    "agreement_id" UUID NOT NULL,
    "purpose" "AgreementLinkPurpose" NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agreement_links_pkey" PRIMARY KEY ("token_sha256")
);
CREATE INDEX "agreement_links_agreement_id_purpose_idx" ON "agreement_links"("agreement_id", "purpose");
ALTER TABLE "agreement_links" ADD CONSTRAINT "agreement_links_agreement_id_fkey"
    FOREIGN KEY ("agreement_id") REFERENCES "periodic_agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "agreement_emails" (
    "id" UUID NOT NULL,
    "agreement_id" UUID NOT NULL,
    "kind" "AgreementEmailKind" NOT NULL,
    "recipient" TEXT NOT NULL,
    "once_key" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agreement_emails_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "agreement_emails_once_key_key" ON "agreement_emails"("once_key");
CREATE INDEX "agreement_emails_agreement_id_idx" ON "agreement_emails"("agreement_id");
CREATE INDEX "agreement_emails_status_idx" ON "agreement_emails"("status");
ALTER TABLE "agreement_emails" ADD CONSTRAINT "agreement_emails_agreement_id_fkey"
    FOREIGN KEY ("agreement_id") REFERENCES "periodic_agreements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The monthly gift that pays an agreement (at most one); an agreement with its gift is never deleted with it.
ALTER TABLE "donations" ADD COLUMN "periodic_agreement_id" UUID;
CREATE UNIQUE INDEX "donations_periodic_agreement_id_key" ON "donations"("periodic_agreement_id");
ALTER TABLE "donations" ADD CONSTRAINT "donations_periodic_agreement_id_fkey"
    FOREIGN KEY ("periodic_agreement_id") REFERENCES "periodic_agreements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
