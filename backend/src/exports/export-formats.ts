import { once, type EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ColumnKind, ExportColumn, ExportFormat } from './export-datasets';

/**
 * The three file formats. Each receives rows as arrays (pg `rowMode: 'array'`), a batch at a time, and the
 * runner waits for `drained()` before handing over the next batch, so memory stays flat.
 *
 * `writeRows` is synchronous on purpose: a suspended async function keeps its locals and parameters reachable,
 * even those it no longer uses, so a batch, its lines or its text held across `await once(output, 'drain')`
 * survived the young-generation collections and was promoted into the old space (measured on the 1,000,000-row
 * benchmark: 35-40 MB more peak memory than formatting synchronously and awaiting afterwards).
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

  writeRows(rows: unknown[][]): void {
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
const XLSX_FORMAT: Partial<Record<ColumnKind, string>> = {
  timestamp: 'yyyy-mm-dd hh:mm:ss',
  euro: '#,##0.00',
  integer: '0',
};

/** A readable-stream 2 Writable: no `writableNeedDrain` getter yet, the same state underneath. */
type ZipEntrySink = EventEmitter & { _writableState?: { needDrain?: boolean } };

/** 'drain' from `sink`, or the output's error: a file that failed must not leave the export waiting forever. */
async function drainedOrFailed(sink: EventEmitter, output: Writable): Promise<void> {
  if (output.errored) throw output.errored;
  const stop = new AbortController();
  try {
    await Promise.race([
      once(sink, 'drain', { signal: stop.signal }),
      once(output, 'error', { signal: stop.signal }).then(([error]) => Promise.reject(error as Error)),
    ]);
  } finally {
    stop.abort();
  }
}

/**
 * One sheet written by exceljs' streaming writer: bold, frozen header row with a filter, typed cells (dates as
 * Excel dates in Amsterdam time, amounts and counts as numbers, yes/no as booleans).
 */
class XlsxFormatter implements RowFormatter {
  private readonly forward: Writable;
  private failure: Error | undefined;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly timestampIndexes: number[];

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

  writeRows(rows: unknown[][]): void {
    for (const row of rows) {
      for (const i of this.timestampIndexes) {
        // Wall-clock Amsterdam time from PostgreSQL, stored as if UTC: Excel shows exactly these digits.
        if (typeof row[i] === 'string') row[i] = new Date(`${row[i] as string}Z`);
      }
      this.sheet.addRow(row).commit();
    }
  }

  async drained(): Promise<void> {
    // exceljs has no backpressure of its own: its sheet stream hands the XML to the zip entry's PassThrough and
    // never looks at write()'s answer, so without waiting for that stream the whole sheet piled up there,
    // uncompressed (1.5 GB peak for 1,000,000 rows). Wait until it has passed its data on to the compressor,
    // then for the file.
    const sink = this.zipEntrySink();
    if (sink?._writableState?.needDrain) await drainedOrFailed(sink, this.output);
    await new Promise((resolve) => setImmediate(resolve));
    await drained(this.output);
  }

  /** The stream exceljs' worksheet writer pipes into (exceljs internals: `stream.pipes[0]`), if it has one. */
  private zipEntrySink(): ZipEntrySink | undefined {
    const stream = (this.sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
    const sink = stream?.pipes?.[0] as ZipEntrySink | undefined;
    return typeof sink?.once === 'function' ? sink : undefined;
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
