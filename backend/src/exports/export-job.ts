import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import type { Dataset, ExportFilters, ExportFormat } from './export-query';
import { openFileTarget, progressReporter, stdoutTarget, streamExport } from './export-runner';

/** One checked export as plain data, so it can be handed to the export's worker thread. */
export interface ExportJob {
  dataset: Dataset;
  format: ExportFormat;
  filters: ExportFilters;
  /** The file to write; standard output when left out. */
  output?: string;
  databaseUrl: string;
  /** stderr is a terminal: progress as one updating line (a worker's own process.stderr never says so). */
  progressOnTty: boolean;
}

/**
 * Young generation of the export's thread, in MB: 24 gives two 8 MB semi-spaces. Left to itself, V8 keeps
 * doubling the new space of a long streaming loop (every batch in flight survives a scavenge or two) up to its
 * 2 x 64 MB maximum, all of it resident, and smaller batches only slow the growth down. With the cap the CSV
 * export's memory stays flat whatever the row count, at the same speed (figures: docs/benchmarks.md §5.1).
 */
const EXPORT_YOUNG_GENERATION_MB = 24;
/**
 * Old generation of the export's thread, in MB. Without a maximum, V8 sizes the thread's old generation from the
 * machine's memory and lets it grow far before a full collection: the XLSX export (exceljs leaves many short-lived
 * objects per cell) peaked well above what it keeps alive, which is a few batches of rows. 256 MB is a ceiling no
 * real export reaches, only a hint to collect sooner (figures, and why the value barely matters:
 * docs/benchmarks.md §5.1).
 */
const EXPORT_OLD_GENERATION_MB = 256;

const WORKER_SCRIPT = join(__dirname, 'export-worker.js');

/**
 * Runs the export in a worker thread with a capped heap (EXPORT_YOUNG_GENERATION_MB, EXPORT_OLD_GENERATION_MB):
 * the only way to set those heap limits from inside the process, so `npm run export` needs no Node flags. The worker's
 * stdout and stderr are piped to this process's, with backpressure; its failure arrives as one message.
 * From the TypeScript sources (no compiled worker next to this file) the export runs in this thread.
 */
export function runExportJob(job: ExportJob): Promise<void> {
  if (!existsSync(WORKER_SCRIPT)) return exportToTarget(job);
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: job,
      resourceLimits: {
        maxYoungGenerationSizeMb: EXPORT_YOUNG_GENERATION_MB,
        maxOldGenerationSizeMb: EXPORT_OLD_GENERATION_MB,
      },
    });
    // A closed pipe (`| head`) fails the export as it did in one thread ("write EPIPE", exit code 1).
    const stdoutFailed = (error: Error) => {
      failure ??= error;
      void worker.terminate();
    };
    process.stdout.on('error', stdoutFailed);
    worker.on('message', (message: { error?: string }) => {
      if (message.error !== undefined) failure ??= new Error(message.error);
    });
    worker.on('error', (error) => {
      failure ??= error;
    });
    worker.on('exit', (code) => {
      process.stdout.off('error', stdoutFailed);
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`The export stopped unexpectedly (exit code ${code}).`));
      else resolve();
    });
  });
}

/** Connects, streams the dataset to the file or to stdout and reports progress: the export worker's work. */
export async function exportToTarget(job: ExportJob): Promise<void> {
  const client = new Client({ connectionString: job.databaseUrl, connectionTimeoutMillis: 10_000 });
  // A dropped connection mid-export surfaces through the running query; this only keeps it from crashing Node.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { output } = job;
    const target = output === undefined ? stdoutTarget() : await openFileTarget(output);
    const progress =
      output === undefined ? undefined : progressReporter(`export ${job.dataset.name}`, output, job.progressOnTty);
    try {
      const rows = await streamExport(client, job, target.stream, (n) => progress?.update(n));
      await target.finish();
      progress?.done(rows);
    } catch (error) {
      await target.abort();
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
