import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ClientBase } from 'pg';
import Cursor from 'pg-cursor';
import { buildExportQuery, type Dataset, type ExportFilters, type ExportFormat } from './export-query';
import { createFormatter, RAW_TEXT_TYPES } from './export-formats';

/** Rows fetched per round trip: big enough to amortise it, small enough to keep memory flat. */
const EXPORT_BATCH_SIZE = 1000;

export interface ExportRequest {
  dataset: Dataset;
  format: ExportFormat;
  filters: ExportFilters;
}

/**
 * Streams one dataset from PostgreSQL into `output` through a server-side cursor. The next batch is already
 * on its way while the current one is formatted and written; a slow output holds the cursor back (drain).
 * Returns the number of rows written.
 */
export async function streamExport(
  client: ClientBase,
  request: ExportRequest,
  output: Writable,
  onProgress: (rows: number) => void = () => undefined,
): Promise<number> {
  const query = buildExportQuery(request.dataset, request.format, request.filters);
  const { dataset } = request;
  const formatter = await createFormatter(
    request.format,
    output,
    dataset.columns,
    dataset.sheetName ?? dataset.name,
    dataset.language,
  );
  // One read-only snapshot; UTC so CSV gets timestamps as `... +00`, turned into ISO 8601 without a Date.
  await client.query("BEGIN READ ONLY; SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO'");
  const cursor = client.query(
    new Cursor(query.text, query.values, {
      rowMode: 'array',
      types: request.format === 'csv' ? RAW_TEXT_TYPES : undefined,
    }),
  );
  let written = 0;
  let next: Promise<unknown[][]> | undefined = cursor.read(EXPORT_BATCH_SIZE);
  // A batch lives only inside this plain function: held in streamExport's own frame it would stay reachable
  // while the loop awaits the output, and be promoted into V8's old space (see RowFormatter).
  const take = (rows: unknown[][]): number => {
    next = rows.length === EXPORT_BATCH_SIZE ? cursor.read(EXPORT_BATCH_SIZE) : undefined;
    if (rows.length > 0) formatter.writeRows(rows);
    return rows.length;
  };
  // An output that fails (disk full) ends the export with its error, whatever the loop was waiting for.
  let failure: Error | undefined;
  const failed = (error: Error) => {
    failure ??= error;
  };
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  output.on('error', failed);
  try {
    while (next !== undefined) {
      const count = await next.then(take);
      throwIfFailed();
      if (count === 0) break;
      written += count;
      onProgress(written);
      await formatter.drained();
      throwIfFailed();
    }
    await formatter.end();
    throwIfFailed();
  } finally {
    output.off('error', failed);
    await next?.catch(() => undefined);
    await cursor.close().catch(() => undefined);
    await client.query('COMMIT').catch(() => undefined);
  }
  return written;
}

export interface ExportTarget {
  stream: Writable;
  /** Makes the file visible under its name (a crash never leaves half a file that looks complete). */
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** A file written as `<name>.partial` and renamed when complete. */
export async function openFileTarget(path: string): Promise<ExportTarget> {
  const partial = `${path}.partial`;
  const stream = createWriteStream(partial);
  await once(stream, 'open');
  const closed = () => (stream.closed ? Promise.resolve() : once(stream, 'close').then(() => undefined));
  return {
    stream,
    async finish() {
      if (!stream.writableEnded) stream.end();
      await closed();
      await rename(partial, path);
    },
    async abort() {
      stream.destroy();
      await closed().catch(() => undefined);
      await unlink(partial).catch(() => undefined);
    },
  };
}

/** stdout: nothing to rename; waits until everything is flushed. */
export function stdoutTarget(): ExportTarget {
  const stream = process.stdout;
  return {
    stream,
    finish: () => new Promise<void>((resolve) => stream.write('', () => resolve())),
    abort: () => Promise.resolve(),
  };
}

/** Progress of writing `path` on stderr about once a second: one updating line on a terminal, plain lines otherwise. */
export function progressReporter(label: string, path: string, isTty: boolean, intervalMs = 1000) {
  const started = Date.now();
  let last = started;
  const line = (rows: number) => {
    const seconds = (Date.now() - started) / 1000;
    return `${label}: ${rows.toLocaleString('en-US')} rows written (${seconds.toFixed(1)} s)`;
  };
  return {
    update(rows: number) {
      const now = Date.now();
      if (now - last < intervalMs) return;
      last = now;
      process.stderr.write(isTty ? `\r${line(rows)}` : `${line(rows)}\n`);
    },
    done(rows: number) {
      process.stderr.write(`${isTty ? '\r' : ''}${line(rows)} to ${path}\n`);
    },
  };
}
