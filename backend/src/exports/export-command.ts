import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { connectDatabase, loadCliConfig, parseCommandLine, UsageError } from '../cli/cli-runner';
import {
  DATASETS,
  EXPORT_FORMATS,
  EXPORT_TIME_ZONE,
  findDataset,
  type ExportFilters,
  type ExportFormat,
} from './export-datasets';
import { openFileTarget, progressReporter, stdoutTarget, streamExport, type ExportRequest } from './export-runner';

export const EXPORT_USAGE = `Usage: npm run export -- <dataset> [options]

Datasets:
${DATASETS.map((d) => `  ${d.name.padEnd(18)} ${d.description}`).join('\n')}

Options:
  --type <type>        submissions only: volunteer, contact or help-request
  --status <status>    submissions: email status (queued, sending, retrying, sent, dead)
                       donations: pending, open, completed, failed, cancelled
                       donation-payments: paid, failed
                       several at once with commas: --status dead,retrying
  --since YYYY-MM-DD   from this day (inclusive, ${EXPORT_TIME_ZONE} time)
  --until YYYY-MM-DD   up to and including this day (${EXPORT_TIME_ZONE} time)
  --format <format>    csv (default), xlsx or jsonl; taken from the --output extension when left out
  --output <file>      write to this file (default: standard output); shows progress
  --help               show this text

Examples:
  npm run export -- submissions --type volunteer --since 2026-03-01 --output volunteers.xlsx
  npm run export -- submissions --type help-request --status dead --output undelivered.csv
  npm run export -- donations --since 2026-01-01 --until 2026-12-31 --output donations-2026.csv
  npm run export -- donation-payments --status paid --format jsonl --output payments.jsonl
  npm run -s export -- error-reports --since 2026-11-01 > errors.csv

Dates in CSV and JSON lines are ISO 8601 in UTC; in XLSX they are Excel dates in ${EXPORT_TIME_ZONE} time.
Use "npm run -s" (silent) when redirecting standard output, so npm's own banner stays out of the file.`;

export interface ExportCommand extends ExportRequest {
  output?: string;
}

const list = (values: readonly string[]) =>
  values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** YYYY-MM-DD and a real calendar day (2026-02-30 is refused). */
function parseDay(option: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`Invalid date "${value}" for ${option}: use YYYY-MM-DD, for example 2026-03-01.`);
  }
  return value;
}

/** Parses and checks everything before the database is touched; throws UsageError with one clear sentence. */
export function parseExportArguments(argv: string[]): ExportCommand | 'help' {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      type: { type: 'string' },
      status: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      format: { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return 'help';

  const names = DATASETS.map((d) => d.name);
  if (positionals.length === 0) throw new UsageError(`Missing dataset: choose ${list(names)}.`);
  if (positionals.length > 1) throw new UsageError(`Export one dataset at a time (got ${positionals.join(' ')}).`);
  const dataset = findDataset(positionals[0]);
  if (!dataset) throw new UsageError(`Unknown dataset "${positionals[0]}": choose ${list(names)}.`);

  const filters: ExportFilters = {};
  if (values.type !== undefined) {
    if (!dataset.type) throw new UsageError(`--type applies to submissions only, not to ${dataset.name}.`);
    if (!dataset.type.values.includes(values.type)) {
      throw new UsageError(`Unknown type "${values.type}": choose ${list(dataset.type.values)}.`);
    }
    filters.type = values.type;
  }
  if (values.status !== undefined) {
    if (!dataset.status) throw new UsageError(`--status does not apply to ${dataset.name}.`);
    const statuses = values.status.split(',').map((s) => s.trim());
    for (const status of statuses) {
      if (!dataset.status.values.includes(status)) {
        throw new UsageError(
          `Unknown ${dataset.status.meaning} "${status}" for ${dataset.name}: choose ${list(dataset.status.values)}.`,
        );
      }
    }
    filters.statuses = statuses;
  }
  if (values.since !== undefined) filters.since = parseDay('--since', values.since);
  if (values.until !== undefined) filters.until = parseDay('--until', values.until);
  if (filters.since && filters.until && filters.since > filters.until) {
    throw new UsageError(`--since ${filters.since} is after --until ${filters.until}.`);
  }

  const output = values.output;
  if (output === '') throw new UsageError('--output needs a file name.');
  let format: ExportFormat = 'csv';
  if (values.format !== undefined) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(values.format)) {
      throw new UsageError(`Unknown format "${values.format}": choose ${list(EXPORT_FORMATS)}.`);
    }
    format = values.format as ExportFormat;
  } else if (output) {
    const extension = /\.(csv|xlsx|jsonl)$/i.exec(output)?.[1]?.toLowerCase();
    if (extension) format = extension as ExportFormat;
  }
  return { dataset, format, filters, output };
}

export async function runExportCommand(argv: string[]): Promise<void> {
  const command = parseExportArguments(argv);
  if (command === 'help') {
    process.stdout.write(`${EXPORT_USAGE}\n`);
    return;
  }
  if (command.format === 'xlsx' && !command.output && process.stdout.isTTY) {
    throw new UsageError('An XLSX file cannot be shown in a terminal: add --output <file>.xlsx.');
  }
  const config = loadCliConfig();
  await runExportJob({
    dataset: command.dataset.name,
    format: command.format,
    filters: command.filters,
    output: command.output,
    databaseUrl: config.databaseUrl,
    progressOnTty: process.stderr.isTTY === true,
  });
}

/** One checked export as plain data, so it can be handed to the export's worker thread. */
export interface ExportJob {
  dataset: string;
  format: ExportFormat;
  filters: ExportFilters;
  output?: string;
  databaseUrl: string;
  /** stderr is a terminal: progress as one updating line (a worker's own process.stderr never says so). */
  progressOnTty: boolean;
}

/**
 * Young generation of the export's thread, in MB: 24 gives two 8 MB semi-spaces. Left to itself, V8 keeps
 * doubling the new space of a long streaming loop (every batch in flight survives a scavenge or two) up to its
 * 2 x 64 MB maximum, all of it resident: a bare pg-cursor loop that only reads the 1,000,000 benchmark rows
 * peaks at about 210 MB, and smaller batches only slow the growth down (250 rows: 150-195 MB at 1,000,000
 * rows, 231 MB at 3,000,000). With the cap the CSV export stays at about 115 MB for 1,000,000 and for
 * 3,000,000 rows, at the same speed (scripts/bench/export.mjs).
 */
export const EXPORT_YOUNG_GENERATION_MB = 24;

const WORKER_SCRIPT = join(__dirname, 'export-worker.js');

/**
 * Runs the export in a worker thread with a capped young generation (EXPORT_YOUNG_GENERATION_MB): the only
 * way to set that heap limit from inside the process, so `npm run export` needs no Node flags. The worker's
 * stdout and stderr are piped to this process's, with backpressure; its failure arrives as one message.
 * From the TypeScript sources (no compiled worker next to this file) the export runs in this thread.
 */
export function runExportJob(job: ExportJob): Promise<void> {
  if (!existsSync(WORKER_SCRIPT)) return exportToTarget(job);
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: job,
      resourceLimits: { maxYoungGenerationSizeMb: EXPORT_YOUNG_GENERATION_MB },
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
  const dataset = findDataset(job.dataset);
  if (!dataset) throw new UsageError(`Unknown dataset "${job.dataset}".`);
  const request: ExportRequest = { dataset, format: job.format, filters: job.filters };
  const client = await connectDatabase(job.databaseUrl);
  try {
    const target = job.output ? await openFileTarget(job.output) : stdoutTarget();
    const progress = job.output ? progressReporter(`export ${dataset.name}`, job.progressOnTty) : undefined;
    try {
      const rows = await streamExport(client, request, target.stream, (n) => progress?.update(n));
      await target.finish();
      progress?.done(rows, job.output!);
    } catch (error) {
      await target.abort();
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
