import { DONATION_STATUSES, SUBMISSION_TYPES } from '@stichting/contracts';

/**
 * What staff can export: one entry per dataset, with its columns in the order they appear in the file.
 * Columns are listed explicitly (never `SELECT *`) so a column added by a later migration changes no export.
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'dead'] as const;
export const PAYMENT_STATUSES = ['paid', 'failed'] as const;

/** How a value is typed: drives the SQL rendering per format and the XLSX cell type. */
export type ColumnKind = 'text' | 'longText' | 'integer' | 'euro' | 'boolean' | 'timestamp' | 'list';

export interface ExportColumn {
  /** Header in the file: the database field name, so every tool sees the same names. */
  header: string;
  /** SQL expression, qualified with the table alias where the dataset joins. */
  sql: string;
  kind: ColumnKind;
}

export interface Dataset {
  name: string;
  description: string;
  from: string;
  columns: ExportColumn[];
  /** The timestamp `--since` / `--until` filter on. */
  dateColumn: string;
  /** What `--status` filters on, and its allowed values. */
  status?: { column: string; values: readonly string[]; meaning: string };
  /** `--type` (submissions only). */
  type?: { column: string; values: readonly string[] };
  orderBy: string;
}

const column = (header: string, kind: ColumnKind = 'text', sql = header): ExportColumn => ({ header, kind, sql });

const SUBMISSIONS: Dataset = {
  name: 'submissions',
  description: 'form submissions (volunteer, contact, help-request) with their email delivery state',
  from: 'submissions s',
  columns: [
    column('id', 'text', 's.id'),
    column('created_at', 'timestamp', 's.created_at'),
    column('type', 'text', 's.type'),
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
    // issue 7: each row carries its delivery state, so staff see which requests never reached the inbox.
    column('email_status', 'text', 's.email_status'),
    column('email_attempts', 'integer', 's.email_attempts'),
    column('email_last_error', 'longText', 's.email_last_error'),
    column('email_sent_at', 'timestamp', 's.email_sent_at'),
    column('confirmation_sent_at', 'timestamp', 's.confirmation_sent_at'),
    column('erased_at', 'timestamp', 's.erased_at'),
  ],
  dateColumn: 's.created_at',
  status: { column: 's.email_status', values: EMAIL_STATUSES, meaning: 'email delivery status' },
  type: { column: 's.type', values: SUBMISSION_TYPES },
  orderBy: 's.created_at, s.id',
};

const DONATIONS: Dataset = {
  name: 'donations',
  description: 'donation intents (one per checkout started) with their status',
  from: 'donation_intents d',
  columns: [
    column('id', 'text', 'd.id'),
    column('created_at', 'timestamp', 'd.created_at'),
    column('updated_at', 'timestamp', 'd.updated_at'),
    column('status', 'text', 'd.status'),
    column('amount_eur', 'euro', 'd.amount_cents'),
    column('amount_cents', 'integer', 'd.amount_cents'),
    column('currency', 'text', 'd.currency'),
    column('name', 'text', 'd.name'),
    column('email', 'text', 'd.email'),
    column('message', 'longText', 'd.message'),
    column('source', 'text', 'd.source'),
    column('platform', 'text', 'd.platform'),
    column('referral', 'boolean', 'd.referral'),
    column('referrer_name', 'text', 'd.referrer_name'),
    column('referrer_email', 'text', 'd.referrer_email'),
    column('language', 'text', 'd.language'),
    column('stripe_session_id', 'text', 'd.stripe_session_id'),
    column('stripe_customer_id', 'text', 'd.stripe_customer_id'),
    column('stripe_subscription_id', 'text', 'd.stripe_subscription_id'),
    column('last_error', 'longText', 'd.last_error'),
    column('erased_at', 'timestamp', 'd.erased_at'),
  ],
  dateColumn: 'd.created_at',
  status: { column: 'd.status', values: DONATION_STATUSES, meaning: 'donation status' },
  orderBy: 'd.created_at, d.id',
};

/** Monthly payments as Stripe reported them (webhooks), with the donor from the intent they belong to. */
const DONATION_PAYMENTS: Dataset = {
  name: 'donation-payments',
  description: 'monthly payments reported by Stripe, with the donor of the matching intent',
  from: 'donation_payments p LEFT JOIN donation_intents d ON d.id = p.intent_id',
  columns: [
    column('id', 'text', 'p.id'),
    column('created_at', 'timestamp', 'p.created_at'),
    column('status', 'text', 'p.status'),
    column('amount_eur', 'euro', 'p.amount_cents'),
    column('amount_cents', 'integer', 'p.amount_cents'),
    column('currency', 'text', 'p.currency'),
    column('stripe_invoice_id', 'text', 'p.stripe_invoice_id'),
    column('stripe_subscription_id', 'text', 'p.stripe_subscription_id'),
    column('intent_id', 'text', 'p.intent_id'),
    column('donor_name', 'text', 'd.name'),
    column('donor_email', 'text', 'd.email'),
  ],
  dateColumn: 'p.created_at',
  status: { column: 'p.status', values: PAYMENT_STATUSES, meaning: 'payment status' },
  orderBy: 'p.created_at, p.id',
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

export const DATASETS: readonly Dataset[] = [SUBMISSIONS, DONATIONS, DONATION_PAYMENTS, ERROR_REPORTS];

export function findDataset(name: string): Dataset | undefined {
  return DATASETS.find((dataset) => dataset.name === name);
}

export const EXPORT_FORMATS = ['csv', 'xlsx', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Staff read dates as Dutch calendar days: `--since 2026-03-01` means from midnight in Amsterdam. */
export const EXPORT_TIME_ZONE = 'Europe/Amsterdam';

export interface ExportFilters {
  type?: string;
  statuses?: string[];
  /** Inclusive calendar days, YYYY-MM-DD, in EXPORT_TIME_ZONE. */
  since?: string;
  until?: string;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ISO_LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS.MS'`;

/**
 * A column's value for the typed formats: JSON lines (timestamps as ISO 8601 in UTC, lists as arrays) and
 * XLSX (Amsterdam wall-clock times, because Excel dates have no time zone; lists joined with "; ").
 */
function typedExpression(col: ExportColumn, format: 'jsonl' | 'xlsx'): string {
  switch (col.kind) {
    case 'timestamp':
      return format === 'xlsx'
        ? `to_char(${col.sql} AT TIME ZONE '${EXPORT_TIME_ZONE}', ${ISO_LOCAL})`
        : `to_char(${col.sql} AT TIME ZONE 'UTC', ${ISO_UTC})`;
    case 'list':
      return format === 'jsonl' ? col.sql : `array_to_string(${col.sql}, '; ')`;
    case 'euro':
      return format === 'xlsx' ? `(${col.sql} / 100.0)::float8` : `round(${col.sql} / 100.0, 2)`;
    default:
      return col.sql;
  }
}

export interface ExportQuery {
  text: string;
  values: unknown[];
}

/**
 * The SELECT for one export.
 * - CSV selects the plain columns, exactly what `\copy` would read, and Node renders the text (csvLine):
 *   PostgreSQL does no extra work per value, which keeps the export near `\copy` speed.
 * - JSON lines come back as one finished JSON object per row (row_to_json keeps the column order).
 * - XLSX comes back one typed column per field.
 */
export function buildExportQuery(dataset: Dataset, format: ExportFormat, filters: ExportFilters): ExportQuery {
  const values: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.type && dataset.type) where.push(`${dataset.type.column} = ${param(filters.type)}`);
  if (filters.statuses?.length && dataset.status) {
    where.push(`${dataset.status.column} = ANY(${param(filters.statuses)}::text[])`);
  }
  if (filters.since) {
    where.push(
      `${dataset.dateColumn} >= (${param(filters.since)}::date)::timestamp AT TIME ZONE '${EXPORT_TIME_ZONE}'`,
    );
  }
  if (filters.until) {
    where.push(
      `${dataset.dateColumn} < (${param(filters.until)}::date + 1)::timestamp AT TIME ZONE '${EXPORT_TIME_ZONE}'`,
    );
  }
  const rows = `FROM ${dataset.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${dataset.orderBy}`;
  if (format === 'csv') return { text: `SELECT ${dataset.columns.map((col) => col.sql).join(', ')} ${rows}`, values };
  const typed = dataset.columns.map((col) => `${typedExpression(col, format)} AS "${col.header}"`).join(', ');
  if (format === 'xlsx') return { text: `SELECT ${typed} ${rows}`, values };
  return { text: `SELECT row_to_json(t)::text AS line FROM (SELECT ${typed} ${rows}) t`, values };
}

/** The CSV query with no filters: the `\copy` baseline of the benchmark reads exactly these rows and columns. */
export function buildPlainQuery(dataset: Dataset): string {
  return buildExportQuery(dataset, 'csv', {}).text;
}
