import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ColumnKind, ExportColumn, ExportFormat } from './export-datasets';

/**
 * The three file formats. Each receives rows as arrays in column order (pg `rowMode: 'array'`), a batch at a
 * time, and waits for the output to drain before taking the next batch, so memory stays flat.
 */
export interface RowFormatter {
  writeRows(rows: unknown[][]): Promise<void>;
  end(): Promise<void>;
}

async function write(output: Writable, chunk: string): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

const NEEDS_QUOTES = /[",\r\n]/;
const SIGNED_NUMBER = /^[+-][\d\s().\-/]*$/;

/**
 * A cell that Excel would run as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `+cmd|...`) gets a leading
 * apostrophe (OWASP "CSV injection"): form fields come from the public and staff open the CSV in Excel.
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

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 with a UTF-8 byte order mark, so Excel opens "José Müller" correctly; CRLF line ends. */
class CsvFormatter implements RowFormatter {
  private started = false;
  constructor(
    private readonly output: Writable,
    private readonly columns: ExportColumn[],
  ) {}

  async writeRows(rows: unknown[][]): Promise<void> {
    let chunk = '';
    if (!this.started) {
      chunk = '\uFEFF' + this.columns.map((col) => csvField(col.header)).join(',') + '\r\n';
      this.started = true;
    }
    for (const row of rows) {
      let line = csvField(row[0]);
      for (let i = 1; i < row.length; i++) line += ',' + csvField(row[i]);
      chunk += line + '\r\n';
    }
    if (chunk) await write(this.output, chunk);
  }

  async end(): Promise<void> {
    await this.writeRows([]);
  }
}

/** One JSON object per line, keyed by the column headers; numbers, booleans and lists keep their types. */
class JsonLinesFormatter implements RowFormatter {
  constructor(
    private readonly output: Writable,
    private readonly columns: ExportColumn[],
  ) {}

  async writeRows(rows: unknown[][]): Promise<void> {
    let chunk = '';
    for (const row of rows) {
      const record: Record<string, unknown> = {};
      this.columns.forEach((col, i) => (record[col.header] = row[i]));
      chunk += JSON.stringify(record) + '\n';
    }
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
    private readonly output: Writable,
    columns: ExportColumn[],
    sheetName: string,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
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

export function createFormatter(
  format: ExportFormat,
  output: Writable,
  columns: ExportColumn[],
  sheetName: string,
): RowFormatter {
  switch (format) {
    case 'csv':
      return new CsvFormatter(output, columns);
    case 'jsonl':
      return new JsonLinesFormatter(output, columns);
    case 'xlsx':
      return new XlsxFormatter(output, columns, sheetName);
  }
}
