/**
 * What an export is made of (a dataset: its table, columns and filters) and how one becomes a single SELECT. The
 * datasets themselves are listed in export-datasets.ts. This file and the formats are all the export's worker thread
 * loads (export-job.ts), which keeps its memory small.
 */

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
