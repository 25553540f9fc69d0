import { once } from 'node:events';
import { setTimeout } from 'node:timers/promises';
import { constants as zlibConstants } from 'node:zlib';
import { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatCents } from '../common/money';
import type { ColumnKind, ExportColumn, ExportFormat, ExportLanguage } from './export-query';

/**
 * The three file formats. Each receives rows as arrays (pg `rowMode: 'array'`), a batch at a time, and the
 * runner waits for `drained()` before handing over the next batch, so memory stays flat.
 *
 * `writeRows` is synchronous on purpose: a suspended async function keeps its locals and parameters reachable,
 * even those it no longer uses, so a batch, its lines or its text held across `await once(output, 'drain')`
 * survived the young-generation collections and was promoted into the old space, raising the export's peak memory
 * (figures: docs/benchmarks.md §5.1).
 */
export interface RowFormatter {
  /** Formats one batch and hands it to the output; keeps no reference to it afterwards. */
  writeRows(rows: unknown[][]): void;
  /** Resolves when the output can take the next batch (Writable backpressure). */
  drained(): Promise<void>;
  end(): Promise<void>;
}

/** Resolves once `output` has flushed what it buffered beyond its highWaterMark. */
function drained(output: Writable): Promise<void> {
  return output.writableNeedDrain ? once(output, 'drain').then(() => undefined) : Promise.resolve();
}

/** CSV exports take every value as PostgreSQL's own text: no parsing into Dates, numbers or arrays. */
export const RAW_TEXT_TYPES = { getTypeParser: () => (value: string) => value };

const NEEDS_QUOTES = /[",\r\n]/;
/** A Dutch spreadsheet splits a .csv on `;`: a value with one is quoted there. */
const NEEDS_QUOTES_SEMICOLON = /[";\r\n]/;

/** Where a spreadsheet may start a new cell inside a value: a list separator of any locale, or a line break. */
const CELL_BREAK = /[,;\t\r\n]/;
/**
 * A formula character after such a break, with only whitespace (any kind but the breaks themselves, as at the start
 * of a value) or quotes between: they do not stop a formula.
 */
const FORMULA_AFTER_BREAK = /([,;\t\r\n])((?:[^\S\t\r\n]|")*[=+\-@])/g;
/** A formula character at the start, after any whitespace. */
const FORMULA_FIRST = /^\s*[=+\-@]/;
const SIGNED_NUMBER = /^\s*[+-][\d\s().\-/]*$/;

/**
 * Free text that a spreadsheet would run as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `+cmd|...`) gets an
 * apostrophe in front (OWASP "CSV injection"): the forms and crash reports are public and staff open the CSV in
 * Excel. Not only at the start of the value: Dutch Excel splits a .csv on `;` and on every line break, quoted or
 * not, so `x;=cmd|...` or a second line `=HYPERLINK(...)` would become a cell of its own. So every place where a
 * cell could begin in a comma, semicolon or tab reading gets the apostrophe before its `=`, `+`, `-` or `@`.
 * A value that is only a signed number, such as the phone number "+31 6 1234 5678", stays as it is: it has nothing
 * a spreadsheet could call, and it is always its own cell in the comma reading.
 */
export function neutraliseFormula(value: string): string {
  const text = CELL_BREAK.test(value) ? value.replace(FORMULA_AFTER_BREAK, "$1'$2") : value;
  return FORMULA_FIRST.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/** RFC 4180: quoted only when needed (a separator, quote or line break inside), quotes doubled. */
export function csvText(value: string, separator: CsvSeparator = ','): string {
  const text = neutraliseFormula(value);
  const needsQuotes = separator === ';' ? NEEDS_QUOTES_SEMICOLON : NEEDS_QUOTES;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type CsvSeparator = ',' | ';';

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
  euro: (cents) => formatCents(Number(cents)),
  boolean: (text) => (text === 't' ? 'true' : 'false'),
  timestamp: pgTimestampToIso,
};

/** A stored code in staff's words (ExportColumn.labels), or the value itself when it has none. */
const wordFor = (labels: Readonly<Record<string, string>> | undefined, value: string): string =>
  labels?.[value] ?? value;

/**
 * How one column's PostgreSQL text becomes a cell of a staff spreadsheet's CSV (Dataset.language): codes in words,
 * yes/no in words, a decimal comma for Dutch, the separator of that language's spreadsheet; timestamps arrive
 * already in Amsterdam time (export-query.ts). Without a language, the plain form (CSV_CELL).
 */
function csvCell(col: ExportColumn, language: ExportLanguage | undefined): (text: string) => string {
  if (!language) return CSV_CELL[col.kind];
  const separator: CsvSeparator = language === 'nl' ? ';' : ',';
  const { labels } = col;
  switch (col.kind) {
    case 'text':
    case 'longText':
      return (text) => csvText(wordFor(labels, text), separator);
    case 'list':
      return (text) =>
        csvText(
          pgArrayToList(text)
            .split('; ')
            .map((item) => wordFor(labels, item))
            .join('; '),
          separator,
        );
    case 'boolean':
      return (text) => wordFor(labels, text === 't' ? 'true' : 'false');
    case 'euro':
      return language === 'nl' ? (cents) => formatCents(Number(cents)).replace('.', ',') : CSV_CELL.euro;
    case 'timestamp':
    case 'integer':
      return (text) => text;
  }
}

/**
 * RFC 4180 with a UTF-8 byte order mark, so Excel opens "José Müller" correctly; CRLF line ends. A Dutch staff
 * spreadsheet (language `nl`) has `;` between cells: Dutch Excel opens a .csv by double-click that way only.
 */
class CsvFormatter implements RowFormatter {
  private header: string;
  private readonly cells: Array<(text: string) => string>;
  private readonly separator: CsvSeparator;

  constructor(
    private readonly output: Writable,
    columns: ExportColumn[],
    language: ExportLanguage | undefined,
  ) {
    this.separator = language === 'nl' ? ';' : ',';
    const headers = columns.map((col) => (language ? csvText(col.title ?? col.header, this.separator) : col.header));
    this.header = `\uFEFF${headers.join(this.separator)}\r\n`;
    this.cells = columns.map((col) => csvCell(col, language));
  }

  writeRows(rows: unknown[][]): void {
    // join() builds flat strings in one go; `+=` per cell would leave a rope of small strings for the GC.
    const lines = new Array<string>(rows.length + 1);
    const cells = new Array<string>(this.cells.length);
    rows.forEach((row, r) => {
      for (let i = 0; i < cells.length; i++) {
        const value = row[i] as string | null;
        cells[i] = value === null ? '' : this.cells[i](value);
      }
      lines[r] = cells.join(this.separator);
    });
    lines[rows.length] = '';
    const chunk = this.header + (rows.length > 0 ? lines.join('\r\n') : '');
    this.header = '';
    if (chunk) this.output.write(chunk);
  }

  drained(): Promise<void> {
    return drained(this.output);
  }

  async end(): Promise<void> {
    this.writeRows([]);
    await this.drained();
  }
}

/** JSON lines arrive as finished objects from PostgreSQL (row_to_json): one per line. */
class JsonLinesFormatter implements RowFormatter {
  constructor(private readonly output: Writable) {}

  writeRows(rows: unknown[][]): void {
    let chunk = '';
    for (const row of rows) chunk += `${row[0] as string}\n`;
    if (chunk) this.output.write(chunk);
  }

  drained(): Promise<void> {
    return drained(this.output);
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
/**
 * How long the compressed output must stay still before the compressor counts as caught up. Compressing one
 * chunk is quick, but on a busy machine the thread pool's turn can come much later. A shorter wait let memory
 * grow, a longer one kept it about the same and was slower (figures for 5 to 60 ms: docs/benchmarks.md §5.1).
 */
const XLSX_IDLE_MS = 15;
/**
 * zlib options for the zip entries (exceljs passes `zip` to archiver, which passes `zlib` to node:zlib). A sync
 * flush after every chunk makes the compressed output grow with every chunk compressed, instead of once per
 * deflate block of several hundred kilobytes, so `drained()` can see the compressor at work.
 */
const XLSX_ZLIB = { flush: zlibConstants.Z_SYNC_FLUSH };
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
  private readonly forward: Writable;
  /** Bytes of the finished file handed on so far: it grows as the compressor gets through the sheet. */
  private compressedBytes = 0;
  private failure: Error | undefined;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly timestampIndexes: number[];
  /** Columns whose codes are written in words: their index and words (a list's items one by one). */
  private readonly worded: Array<{ index: number; labels: Readonly<Record<string, string>>; isList: boolean }>;

  constructor(
    excel: typeof ExcelJS,
    private readonly output: Writable,
    columns: ExportColumn[],
    sheetName: string,
  ) {
    // exceljs waits for 'finish' on the stream it writes to, and its zip's pipe() never ends process.stdout: the
    // export to standard output (`... --format xlsx > file.xlsx`) used to hang there after the last byte. It
    // gets a stream of its own that passes every chunk on to the output, with the output's backpressure and
    // errors, and finishes when exceljs ends it; the output is closed by the export's target, as for CSV.
    this.forward = new Writable({
      write: (chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) => {
        this.compressedBytes += chunk.length;
        output.write(chunk, encoding, done);
      },
    });
    // The output's failure reaches the export through the output itself (streamExport); this only keeps it
    // from being an uncaught 'error' here, and lets end() give up instead of waiting for exceljs.
    this.forward.on('error', (error) => {
      this.failure ??= error;
    });
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: this.forward,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: XLSX_ZLIB },
    });
    this.sheet = this.workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((col) => ({
      header: col.title ?? col.header,
      key: col.header,
      width: Math.max(XLSX_WIDTH[col.kind], (col.title ?? col.header).length + 2),
      style: XLSX_FORMAT[col.kind] ? { numFmt: XLSX_FORMAT[col.kind] } : {},
    }));
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    this.timestampIndexes = columns.flatMap((col, i) => (col.kind === 'timestamp' ? [i] : []));
    this.worded = columns.flatMap((col, index) =>
      col.labels ? [{ index, labels: col.labels, isList: col.kind === 'list' }] : [],
    );
  }

  writeRows(rows: unknown[][]): void {
    for (const row of rows) {
      for (const i of this.timestampIndexes) {
        // Wall-clock Amsterdam time from PostgreSQL, stored as if UTC: Excel shows exactly these digits.
        if (typeof row[i] === 'string') row[i] = new Date(`${row[i]}Z`);
      }
      for (const { index, labels, isList } of this.worded) {
        const value = row[index] as string | boolean | null;
        if (value === null) continue;
        // A yes/no column in words ("Ja"/"Nee") reads the same in every Excel; a list arrives joined with "; ".
        const text = String(value);
        row[index] = isList
          ? text
              .split('; ')
              .map((item) => wordFor(labels, item))
              .join('; ')
          : wordFor(labels, text);
      }
      this.sheet.addRow(row).commit();
    }
  }

  async drained(): Promise<void> {
    // exceljs has no backpressure of its own: it hands the sheet's XML on towards the compressor without
    // looking at write()'s answer, so unchecked the whole sheet piled up there, uncompressed
    // (docs/benchmarks.md §5.1). The compressor runs on libuv's thread pool and its output reaches `forward` chunk by
    // chunk; wait until that output has stopped growing, that is until the compressor has caught up with the
    // rows written so far, then for the file.
    let seen: number;
    do {
      seen = this.compressedBytes;
      await setTimeout(XLSX_IDLE_MS);
      if (this.failure) throw this.failure;
    } while (this.compressedBytes !== seen);
    await drained(this.output);
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.forward.once('error', reject);
      this.workbook.commit().then(() => resolve(), reject);
    });
  }
}

export async function createFormatter(
  format: ExportFormat,
  output: Writable,
  columns: ExportColumn[],
  sheetName: string,
  language?: ExportLanguage,
): Promise<RowFormatter> {
  switch (format) {
    case 'csv':
      return new CsvFormatter(output, columns, language);
    case 'jsonl':
      return new JsonLinesFormatter(output);
    case 'xlsx': {
      // Loaded only when needed: exceljs and its zip libraries would add to every other export's memory
      // (docs/benchmarks.md §5.1).
      const excel = (await import('exceljs')).default;
      return new XlsxFormatter(excel, output, columns, sheetName);
    }
  }
}
