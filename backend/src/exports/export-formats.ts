import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ColumnKind, ExportColumn, ExportFormat } from './export-datasets';

/**
 * The three file formats. Each receives rows as arrays (pg `rowMode: 'array'`), a batch at a time, and waits
 * for the output to drain before taking the next batch, so memory stays flat.
 */
export interface RowFormatter {
  writeRows(rows: unknown[][]): Promise<void>;
  end(): Promise<void>;
}

async function write(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

/** CSV exports take every value as PostgreSQL's own text: no parsing into Dates, numbers or arrays. */
export const RAW_TEXT_TYPES = { getTypeParser: () => (value: string) => value };

const NEEDS_QUOTES = /[",\r\n]/;
const SIGNED_NUMBER = /^[+-][\d\s().\-/]*$/;

/**
 * Free text that Excel would run as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `+cmd|...`) gets a leading
 * apostrophe (OWASP "CSV injection"): the forms are public and staff open the CSV in Excel.
 * Phone numbers such as "+31 6 1234 5678" and negative numbers stay as they are.
 */
export function neutraliseFormula(value: string): string {
  const first = value.charCodeAt(0);
  // = @ TAB CR
  if (first === 61 || first === 64 || first === 9 || first === 13) return `'${value}`;
  // + -
  if ((first === 43 || first === 45) && !SIGNED_NUMBER.test(value)) return `'${value}`;
  return value;
}

/** RFC 4180: quoted only when needed, quotes doubled. */
export function csvText(value: string): string {
  const text = neutraliseFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A PostgreSQL text[] literal (`{a,"b c"}`) as "a; b c". */
export function pgArrayToList(literal: string): string {
  if (literal === '{}') return '';
  if (!literal.includes('"')) return literal.slice(1, -1).split(',').join('; ');
  const items: string[] = [];
  let i = 1;
  while (i < literal.length - 1) {
    if (literal[i] === '"') {
      let item = '';
      for (i++; literal[i] !== '"'; i++) {
        if (literal[i] === '\\') i++;
        item += literal[i];
      }
      items.push(item);
      i += 2;
    } else {
      const comma = literal.indexOf(',', i);
      const end = comma === -1 ? literal.length - 1 : comma;
      items.push(literal.slice(i, end));
      i = end + 1;
    }
  }
  return items.join('; ');
}

/** `2026-03-01 08:00:00.12+00` (session time zone UTC) as `2026-03-01T08:00:00.120Z`. */
export function pgTimestampToIso(text: string): string {
  const time = text.slice(11, -3);
  return `${text.slice(0, 10)}T${(time.length === 8 ? `${time}.` : time).padEnd(12, '0')}Z`;
}

const CSV_CELL: Record<ColumnKind, (text: string) => string> = {
  text: csvText,
  longText: csvText,
  list: (text) => csvText(pgArrayToList(text)),
  integer: (text) => text,
  euro: (cents) => (Number(cents) / 100).toFixed(2),
  boolean: (text) => (text === 't' ? 'true' : 'false'),
  timestamp: pgTimestampToIso,
};

/** RFC 4180 with a UTF-8 byte order mark, so Excel opens "José Müller" correctly; CRLF line ends. */
class CsvFormatter implements RowFormatter {
  private header: string;
  private readonly cells: Array<(text: string) => string>;

  constructor(
    private readonly output: Writable,
    columns: ExportColumn[],
  ) {
    this.header = `\uFEFF${columns.map((col) => col.header).join(',')}\r\n`;
    this.cells = columns.map((col) => CSV_CELL[col.kind]);
  }

  async writeRows(rows: unknown[][]): Promise<void> {
    // join() builds flat strings in one go; `+=` per cell would leave a rope of small strings for the GC.
    const lines = new Array<string>(rows.length + 1);
    const cells = new Array<string>(this.cells.length);
    rows.forEach((row, r) => {
      for (let i = 0; i < cells.length; i++) {
        const value = row[i] as string | null;
        cells[i] = value === null ? '' : this.cells[i](value);
      }
      lines[r] = cells.join(',');
    });
    lines[rows.length] = '';
    const chunk = this.header + (rows.length > 0 ? lines.join('\r\n') : '');
    this.header = '';
    if (chunk) await write(this.output, chunk);
  }

  async end(): Promise<void> {
    await this.writeRows([]);
  }
}

/** JSON lines arrive as finished objects from PostgreSQL (row_to_json): one per line. */
class JsonLinesFormatter implements RowFormatter {
  constructor(private readonly output: Writable) {}

  async writeRows(rows: unknown[][]): Promise<void> {
    let chunk = '';
    for (const row of rows) chunk += `${row[0] as string}\n`;
    if (chunk) await write(this.output, chunk);
  }

  async end(): Promise<void> {}
}

const XLSX_WIDTH: Record<ColumnKind, number> = {
  text: 18,
  longText: 50,
  integer: 10,
  euro: 12,
  boolean: 10,
  timestamp: 19,
  list: 30,
};
const XLSX_FORMAT: Partial<Record<ColumnKind, string>> = {
  timestamp: 'yyyy-mm-dd hh:mm:ss',
  euro: '#,##0.00',
  integer: '0',
};

/**
 * One sheet written by exceljs' streaming writer: bold, frozen header row with a filter, typed cells (dates as
 * Excel dates in Amsterdam time, amounts and counts as numbers, yes/no as booleans).
 */
class XlsxFormatter implements RowFormatter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly timestampIndexes: number[];

  constructor(
    excel: typeof ExcelJS,
    private readonly output: Writable,
    columns: ExportColumn[],
    sheetName: string,
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((col) => ({
      header: col.header,
      key: col.header,
      width: Math.max(XLSX_WIDTH[col.kind], col.header.length + 2),
      style: XLSX_FORMAT[col.kind] ? { numFmt: XLSX_FORMAT[col.kind] } : {},
    }));
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    this.timestampIndexes = columns.flatMap((col, i) => (col.kind === 'timestamp' ? [i] : []));
  }

  async writeRows(rows: unknown[][]): Promise<void> {
    for (const row of rows) {
      for (const i of this.timestampIndexes) {
        // Wall-clock Amsterdam time from PostgreSQL, stored as if UTC: Excel shows exactly these digits.
        if (typeof row[i] === 'string') row[i] = new Date(`${row[i] as string}Z`);
      }
      this.sheet.addRow(row).commit();
    }
    // exceljs has no backpressure of its own: let the zip stream catch up with the file before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.output.writableNeedDrain) await once(this.output, 'drain');
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}

export async function createFormatter(
  format: ExportFormat,
  output: Writable,
  columns: ExportColumn[],
  sheetName: string,
): Promise<RowFormatter> {
  switch (format) {
    case 'csv':
      return new CsvFormatter(output, columns);
    case 'jsonl':
      return new JsonLinesFormatter(output);
    case 'xlsx': {
      // Loaded only when needed: exceljs and its zip libraries add about 25 MB to every other export.
      const excel = (await import('exceljs')).default;
      return new XlsxFormatter(excel, output, columns, sheetName);
    }
  }
}
