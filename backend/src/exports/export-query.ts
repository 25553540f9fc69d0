/**
 * What an export is made of (a dataset: its table, columns and filters) and how one becomes a single SELECT. The
 * datasets themselves are listed in export-datasets.ts. This file and the formats are all the export's worker thread
 * loads (export-job.ts), which keeps its memory small.
 */

/** How a value is typed: drives the SQL rendering per format and the XLSX cell type. */
export type ColumnKind = 'text' | 'longText' | 'integer' | 'euro' | 'boolean' | 'timestamp' | 'list';

export interface ExportColumn {
  /** The field's name: the database's, and the key of its words (export-words.ts). JSON lines keep it as it is. */
  header: string;
  /** SQL expression, qualified with the table alias where the dataset joins. */
  sql: string;
  kind: ColumnKind;
  /** Header of a CSV or XLSX file in staff's words (export-words.ts); the field's name when left out. */
  title?: string;
  /** The words for stored codes (`volunteer` → `Aanmelding als vrijwilliger`; for a boolean, `true`/`false`). */
  labels?: Readonly<Record<string, string>>;
}

/** The languages an export for staff speaks (docs/staff-exports.md): Dutch by default, English on request. */
export const EXPORT_LANGUAGES = ['nl', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export interface Dataset {
  name: string;
  description: string;
  from: string;
  columns: ExportColumn[];
  /** The timestamp `--since` / `--until` filter on. */
  dateColumn: string;
  /** What `--status` filters on, and its allowed values. */
  status?: { column: string; values: readonly string[]; meaning: string };
  /** `--type` (submissions and their history). */
  type?: { column: string; values: readonly string[] };
  /** What `--open` keeps: the requests staff still have to finish (new or contacted). */
  open?: string;
  orderBy: string;
  /**
   * Set by staffDataset (export-words.ts): headers and codes are in this language, and a CSV file is written for a
   * spreadsheet of that language (for Dutch: `;` between cells and a decimal comma), with Amsterdam times.
   */
  language?: ExportLanguage;
  /** The sheet's name in an XLSX file (at most 31 characters); the dataset's name when left out. */
  sheetName?: string;
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
  /** Only the requests still open (Dataset.open). */
  open?: boolean;
  /** At most this many rows (the download of a link: bounded, docs/product.md §4.10.2). */
  maxRows?: number;
}

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ISO_LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS.MS'`;
/** A date and time every spreadsheet reads as one, in either language: `2026-03-01 09:00:00`. */
const SPREADSHEET_LOCAL = `'YYYY-MM-DD HH24:MI:SS'`;

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

/**
 * A column as CSV selects it: its plain value, except a timestamp in a staff spreadsheet (Dataset.language), which
 * PostgreSQL writes in Amsterdam time as a spreadsheet reads a date.
 */
function csvExpression(col: ExportColumn, dataset: Dataset): string {
  if (col.kind !== 'timestamp' || !dataset.language) return col.sql;
  return `to_char(${col.sql} AT TIME ZONE '${EXPORT_TIME_ZONE}', ${SPREADSHEET_LOCAL})`;
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
    // Untyped: PostgreSQL reads the list as the column's own type (an enum or text), so its index still serves.
    where.push(`${dataset.status.column} = ANY(${param(filters.statuses)})`);
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
  if (filters.open && dataset.open) where.push(dataset.open);
  const limit = filters.maxRows === undefined ? '' : ` LIMIT ${param(filters.maxRows)}`;
  const rows = `FROM ${dataset.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${dataset.orderBy}${limit}`;
  if (format === 'csv')
    return { text: `SELECT ${dataset.columns.map((col) => csvExpression(col, dataset)).join(', ')} ${rows}`, values };
  const typed = dataset.columns.map((col) => `${typedExpression(col, format)} AS "${col.header}"`).join(', ');
  if (format === 'xlsx') return { text: `SELECT ${typed} ${rows}`, values };
  return { text: `SELECT row_to_json(t)::text AS line FROM (SELECT ${typed} ${rows}) t`, values };
}

/** The CSV query with no filters: the `\copy` baseline of the benchmark reads exactly these rows and columns. */
export function buildPlainQuery(dataset: Dataset): string {
  return buildExportQuery(dataset, 'csv', {}).text;
}
