import { SUBMISSION_STATUSES, SUBMISSION_TYPES } from '@stichting/contracts';
import { dutchHolidays } from '../common/dutch-business-days';
import { DONATION_STATUSES, PAYMENT_STATUSES } from '../donations/donation-state';
import { EMAIL_STATUSES } from '../mail/submission-email.job';
import { AGREEMENTS } from './agreements-dataset';
import { PROMISED_BUSINESS_DAYS } from '../staff-overview/overdue-rule';
import { EXPORT_TIME_ZONE, type ColumnKind, type Dataset, type ExportColumn } from './export-query';

/**
 * What staff can export: one entry per dataset, with its columns in the order they appear in the file.
 * Columns are listed explicitly (never `SELECT *`) so a column added by a later migration changes no export.
 */

const column = (header: string, kind: ColumnKind = 'text', sql = header): ExportColumn => ({ header, kind, sql });

/**
 * The general holidays of 2000 to 2099 (common/dutch-business-days.ts computes them) as one SQL date array: the
 * business days below are counted in PostgreSQL, row by row, as the export streams.
 */
const HOLIDAYS = `'{${Array.from({ length: 100 }, (_, i) => dutchHolidays(2000 + i).map((holiday) => holiday.day))
  .flat()
  .join(',')}}'::date[]`;

/** The Dutch calendar day an instant falls on, in SQL. */
const dutchDaySql = (instant: string) => `(${instant} AT TIME ZONE '${EXPORT_TIME_ZONE}')::date`;

/**
 * Dutch business days after the day `from` up to and including the day `to` (SQL dates): weekdays that are not a
 * general holiday, as common/dutch-business-days.ts counts them. The holidays are one uncorrelated subquery, which
 * PostgreSQL hashes once per export.
 */
const businessDaysSql = (from: string, to: string) =>
  `(SELECT count(*)::int FROM generate_series(${from}::timestamp + interval '1 day', ${to}::timestamp, interval '1 day') g
    WHERE extract(isodow FROM g) < 6 AND g::date NOT IN (SELECT unnest(${HOLIDAYS})))`;

const ARRIVAL_DAY = dutchDaySql('s.created_at');
/**
 * docs/product.md §4.10.1: a request still new waits past its promise once its promised business days (after the day
 * it arrived) have all ended before today, as staff-overview/overdue-rule.ts decides for the daily overview. A
 * promise of at most three business days runs out within 30 calendar days, so the count stops there.
 */
const OVERDUE_SQL = `CASE WHEN s.status <> 'new' OR s.erased_at IS NOT NULL THEN false ELSE ${businessDaysSql(
  ARRIVAL_DAY,
  `LEAST(${dutchDaySql('now()')} - 1, ${ARRIVAL_DAY} + 30)`,
)} >= CASE s.type ${SUBMISSION_TYPES.map((type) => `WHEN '${type}' THEN ${PROMISED_BUSINESS_DAYS[type]}`).join(' ')} END END`;

const SUBMISSIONS: Dataset = {
  name: 'submissions',
  description: 'form submissions (volunteer, contact, help-request) with their email delivery state',
  from: 'submissions s',
  columns: [
    column('id', 'text', 's.id'),
    column('created_at', 'timestamp', 's.created_at'),
    column('type', 'text', 's.type'),
    // docs/product.md §4.10: where staff stand with the request, and whether it was answered in time.
    column('status', 'text', 's.status'),
    column('outcome', 'text', 's.outcome'),
    column('first_contact_at', 'timestamp', 's.first_contact_at'),
    column('closed_at', 'timestamp', 's.closed_at'),
    column(
      'business_days_to_first_contact',
      'integer',
      `CASE WHEN s.first_contact_at IS NULL THEN NULL ELSE ${businessDaysSql(ARRIVAL_DAY, dutchDaySql('s.first_contact_at'))} END`,
    ),
    column('overdue', 'boolean', OVERDUE_SQL),
    column('language', 'text', 's.language'),
    column('name', 'text', 's.name'),
    column('email', 'text', 's.email'),
    column('phone', 'text', 's.phone'),
    column('location', 'text', 's.location'),
    column('subject', 'text', 's.subject'),
    column('message', 'longText', 's.message'),
    column('category', 'text', 's.category'),
    column('speaks_dutch', 'boolean', 's.speaks_dutch'),
    column('availability', 'text', 's.availability'),
    column('motivation', 'longText', 's.motivation'),
    column('experience', 'longText', 's.experience'),
    column('skills', 'list', 's.skills'),
    column('spoken_languages', 'list', 's.spoken_languages'),
    column('preferred_contact', 'text', 's.preferred_contact'),
    column('family_size', 'integer', 's.family_size'),
    column('help_type', 'text', 's.help_type'),
    column('description', 'longText', 's.description'),
    // each row carries its delivery state, so staff see which requests never reached the inbox.
    column('email_status', 'text', 's.email_status'),
    column('email_attempts', 'integer', 's.email_attempts'),
    column('email_last_error', 'longText', 's.email_last_error'),
    column('email_sent_at', 'timestamp', 's.email_sent_at'),
    column('confirmation_sent_at', 'timestamp', 's.confirmation_sent_at'),
    // Why the visitor got no confirmation (address-daily-limit, hourly-limit); empty when it was sent or is pending.
    column('confirmation_skipped', 'text', 's.confirmation_skipped'),
    column('erased_at', 'timestamp', 's.erased_at'),
  ],
  dateColumn: 's.created_at',
  status: { column: 's.email_status', values: EMAIL_STATUSES, meaning: 'email delivery status' },
  type: { column: 's.type', values: SUBMISSION_TYPES },
  open: "s.status IN ('new', 'contacted') AND s.erased_at IS NULL",
  orderBy: 's.created_at, s.id',
};

/**
 * docs/product.md §4.10: every change of a request's status as staff made it, with the request's type and reference;
 * of the person who asked nothing, and of staff only the first name and note they typed.
 */
const SUBMISSION_HISTORY: Dataset = {
  name: 'submission-history',
  description: 'every status change of a request (contacted, closed with an outcome), who made it and the note',
  from: 'submission_status_changes c JOIN submissions s ON s.id = c.submission_id',
  columns: [
    column('changed_at', 'timestamp', 'c.created_at'),
    column('reference', 'text', 's.id'),
    column('type', 'text', 's.type'),
    column('status', 'text', 'c.status'),
    column('outcome', 'text', 'c.outcome'),
    column('note', 'longText', 'c.note'),
    column('changed_by', 'text', 'c.changed_by'),
    column('via', 'text', 'c.via'),
  ],
  dateColumn: 'c.created_at',
  status: { column: 'c.status', values: SUBMISSION_STATUSES, meaning: 'request status' },
  type: { column: 's.type', values: SUBMISSION_TYPES },
  orderBy: 'c.created_at, c.id',
};

/** Gifts (monthly or once) with where each stands (docs/product.md §4.2) and the donor's language, for emails by hand. */
const DONATIONS: Dataset = {
  name: 'donations',
  description: 'donations, monthly or once (one per checkout started), with their status and schedule',
  from: 'donations d LEFT JOIN periodic_agreements a ON a.id = d.periodic_agreement_id',
  columns: [
    column('id', 'text', 'd.id'),
    column('created_at', 'timestamp', 'd.created_at'),
    column('updated_at', 'timestamp', 'd.updated_at'),
    column('status', 'text', 'd.status'),
    // docs/product.md §4.1: monthly or once.
    column('frequency', 'text', 'd.frequency'),
    // Stripe's name of the method (ideal, sepa_debit, card, …), as Stripe sent it.
    column('payment_method_type', 'text', 'd.payment_method_type'),
    column('amount_eur', 'euro', 'd.amount_cents'),
    column('amount_cents', 'integer', 'd.amount_cents'),
    column('currency', 'text', 'd.currency'),
    column('started_at', 'timestamp', 'd.started_at'),
    column('next_payment_at', 'timestamp', 'd.next_payment_at'),
    column('failed_attempts', 'integer', 'd.failed_attempts'),
    column('cancel_at_period_end', 'boolean', 'd.cancel_at_period_end'),
    column('cancelled_at', 'timestamp', 'd.cancelled_at'),
    // What the donor gave as the reason on their page, when they stopped it there (docs/product.md §7.10).
    column('stop_reason', 'text', 'd.stop_reason'),
    // docs/product.md §4.9: the periodieke gift this monthly gift pays (the agreements dataset has the rest).
    column('transaction_number', 'text', 'a.transaction_number'),
    column('language', 'text', 'd.language'),
    column('name', 'text', 'd.name'),
    column('email', 'text', 'd.email'),
    column('message', 'longText', 'd.message'),
    column('source', 'text', 'd.source'),
    column('platform', 'text', 'd.platform'),
    column('referral', 'boolean', 'd.referral'),
    column('referrer_name', 'text', 'd.referrer_name'),
    column('referrer_email', 'text', 'd.referrer_email'),
    column('stripe_session_id', 'text', 'd.stripe_session_id'),
    column('stripe_customer_id', 'text', 'd.stripe_customer_id'),
    column('stripe_subscription_id', 'text', 'd.stripe_subscription_id'),
    column('last_error', 'longText', 'd.last_error'),
    // docs/product.md §4.2: a reversed SEPA debit or a revoked mandate while the gift runs.
    column('staff_note', 'longText', 'd.staff_note'),
    column('erased_at', 'timestamp', 'd.erased_at'),
  ],
  dateColumn: 'd.created_at',
  status: { column: 'd.status', values: DONATION_STATUSES, meaning: 'donation status' },
  orderBy: 'd.created_at, d.id',
};

/** When a payment happened: paid, or for one never paid, when Stripe invoiced the month. */
const PAYMENT_DATE = 'COALESCE(p.paid_at, p.invoice_created_at)';

/** Monthly payments as Stripe reported them, with the donor of the donation they belong to. For the books. */
const DONATION_PAYMENTS: Dataset = {
  name: 'donation-payments',
  description: 'payments reported by Stripe (each month of a monthly gift, a one-off gift), with the donor',
  from: 'donation_payments p LEFT JOIN donations d ON d.id = p.donation_id',
  columns: [
    column('id', 'text', 'p.id'),
    column('payment_date', 'timestamp', PAYMENT_DATE),
    column('status', 'text', 'p.status'),
    column('amount_eur', 'euro', 'p.amount_cents'),
    column('amount_cents', 'integer', 'p.amount_cents'),
    column('refunded_eur', 'euro', 'p.refunded_cents'),
    column('currency', 'text', 'p.currency'),
    column('payment_method_type', 'text', 'p.payment_method_type'),
    column('paid_at', 'timestamp', 'p.paid_at'),
    column('invoiced_at', 'timestamp', 'p.invoice_created_at'),
    column('attempts', 'integer', 'p.attempt_count'),
    column('stripe_invoice_id', 'text', 'p.stripe_invoice_id'),
    // A one-off gift's payment has no invoice; its PaymentIntent names it (docs/product.md §4.2).
    column('stripe_payment_intent_id', 'text', 'p.stripe_payment_intent_id'),
    column('stripe_subscription_id', 'text', 'p.stripe_subscription_id'),
    column('stripe_charge_id', 'text', 'p.stripe_charge_id'),
    column('donation_id', 'text', 'p.donation_id'),
    column('frequency', 'text', 'd.frequency'),
    column('donor_name', 'text', 'd.name'),
    column('donor_email', 'text', 'd.email'),
    column('donor_language', 'text', 'd.language'),
  ],
  dateColumn: PAYMENT_DATE,
  status: { column: 'p.status', values: PAYMENT_STATUSES, meaning: 'payment status' },
  orderBy: `${PAYMENT_DATE}, p.id`,
};

/** docs/architecture.md §4.7: every email to a donor with its delivery state (no address: it is the donation's). */
const DONOR_EMAILS: Dataset = {
  name: 'donor-emails',
  description:
    'emails to donors (welcome, payment failed, cancelled, manage link, statement) with their delivery state',
  from: 'donor_emails m LEFT JOIN donations d ON d.id = m.donation_id',
  columns: [
    column('id', 'text', 'm.id'),
    column('created_at', 'timestamp', 'm.created_at'),
    column('kind', 'text', 'm.kind'),
    column('statement_year', 'integer', 'm.statement_year'),
    column('language', 'text', 'm.language'),
    column('status', 'text', 'm.status'),
    column('attempts', 'integer', 'm.attempts'),
    column('last_error', 'longText', 'm.last_error'),
    column('sent_at', 'timestamp', 'm.sent_at'),
    column('donation_id', 'text', 'm.donation_id'),
    column('donor_email', 'text', 'd.email'),
  ],
  dateColumn: 'm.created_at',
  status: { column: 'm.status', values: EMAIL_STATUSES, meaning: 'email delivery status' },
  orderBy: 'm.created_at, m.id',
};

/**
 * docs/product.md §7.9: what each donor's yearly statement is built from: paid payments per donor address (any letter
 * case) and calendar year in Dutch time, with the statement email's state (matched by its once key).
 */
const DONOR_YEARLY_TOTALS: Dataset = {
  name: 'donor-yearly-totals',
  description: 'paid amounts per donor and calendar year (what the yearly statements list), with the statement state',
  from: `(SELECT lower(d.email) AS donor_email,
      extract(year FROM p.paid_at AT TIME ZONE 'Europe/Amsterdam')::int AS year,
      count(*)::int AS payments, sum(p.amount_cents - p.refunded_cents)::int AS total_cents,
      min(p.paid_at) AS first_paid_at, max(p.paid_at) AS last_paid_at
    FROM donation_payments p JOIN donations d ON d.id = p.donation_id
    WHERE p.status = 'paid' AND p.paid_at IS NOT NULL AND d.erased_at IS NULL
    GROUP BY 1, 2) t
    LEFT JOIN donor_emails m
      ON m.once_key = 'statement:' || t.year || ':' || encode(sha256(convert_to(t.donor_email, 'UTF8')), 'hex')`,
  columns: [
    column('year', 'integer', 't.year'),
    column('donor_email', 'text', 't.donor_email'),
    column('payments', 'integer', 't.payments'),
    column('total_eur', 'euro', 't.total_cents'),
    column('total_cents', 'integer', 't.total_cents'),
    column('first_paid_at', 'timestamp', 't.first_paid_at'),
    column('last_paid_at', 'timestamp', 't.last_paid_at'),
    column('statement_status', 'text', 'm.status'),
    column('statement_sent_at', 'timestamp', 'm.sent_at'),
  ],
  dateColumn: 't.last_paid_at',
  orderBy: 't.year, t.donor_email',
};

const ERROR_REPORTS: Dataset = {
  name: 'error-reports',
  description: 'browser crash reports, one row per distinct error (--since/--until filter on last_seen_at)',
  from: 'error_reports e',
  columns: [
    column('id', 'text', 'e.id'),
    column('first_seen_at', 'timestamp', 'e.first_seen_at'),
    column('last_seen_at', 'timestamp', 'e.last_seen_at'),
    column('occurrences', 'integer', 'e.occurrences'),
    column('message', 'longText', 'e.message'),
    column('url', 'text', 'e.url'),
    column('user_agent', 'text', 'e.user_agent'),
    column('client_time', 'text', 'e.client_time'),
    column('fingerprint', 'text', 'e.fingerprint'),
    column('stack', 'longText', 'e.stack'),
    column('component_stack', 'longText', 'e.component_stack'),
  ],
  dateColumn: 'e.last_seen_at',
  orderBy: 'e.last_seen_at, e.id',
};

export const DATASETS: readonly Dataset[] = [
  SUBMISSIONS,
  SUBMISSION_HISTORY,
  DONATIONS,
  DONATION_PAYMENTS,
  DONOR_EMAILS,
  DONOR_YEARLY_TOTALS,
  AGREEMENTS,
  ERROR_REPORTS,
];

export function findDataset(name: string): Dataset | undefined {
  return DATASETS.find((dataset) => dataset.name === name);
}
