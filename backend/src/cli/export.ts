import { Injectable, Module } from '@nestjs/common';
import { DONATION_STATUSES, PAYMENT_STATUSES } from '../donations/donation-state';
import { DATASETS, findDataset } from '../exports/export-datasets';
import {
  EXPORT_FORMATS,
  EXPORT_LANGUAGES,
  EXPORT_TIME_ZONE,
  type ExportFilters,
  type ExportFormat,
} from '../exports/export-query';
import { staffDataset } from '../exports/export-words';
import { ExportService } from '../exports/export.service';
import type { ExportJob } from '../exports/export-job';
import { HELP, parseCommandLine, parseDay, runCommand, UsageError, type Command } from './cli-runner';

const EXPORT_USAGE = `Usage: npm run export -- <dataset> [options]

Datasets:
${DATASETS.map((d) => `  ${d.name.padEnd(19)}${d.description}`).join('\n')}

Options:
  --type <type>        submissions and submission-history: volunteer, contact or help-request
  --open               submissions only: the requests still open (new or contacted)
  --status <status>    submissions: email status (queued, sending, retrying, sent, dead)
                       submission-history: the new status (new, contacted, closed)
                       donations: ${DONATION_STATUSES.join(', ')}
                       donation-payments: ${PAYMENT_STATUSES.join(', ')}
                       donor-emails: email status (queued, sending, retrying, sent, dead)
                       several at once with commas: --status dead,retrying
  --since YYYY-MM-DD   from this day (inclusive, ${EXPORT_TIME_ZONE} time)
  --until YYYY-MM-DD   up to and including this day (${EXPORT_TIME_ZONE} time)
  --format <format>    xlsx (default), csv or jsonl; taken from the --output extension when left out
  --language <nl|en>   the spreadsheet's headers and values: nl (default, the words of the staff emails) or en
  --output <file>      write to this file (default: standard output); shows progress
  --help               show this text

Examples:
  npm run export -- submissions --type volunteer --since 2026-03-01 --output volunteers.xlsx
  npm run export -- submissions --open --output open-requests.xlsx
  npm run export -- submission-history --since 2026-11-01 --output history.xlsx
  npm run export -- submissions --type help-request --status dead --output undelivered.csv
  npm run export -- donations --since 2026-01-01 --until 2026-12-31 --language en --output donations-2026.xlsx
  npm run export -- donation-payments --status paid --format jsonl --output payments.jsonl
  npm run -s export -- error-reports --since 2026-11-01 --format csv > errors.csv

XLSX and CSV speak --language: headers and values in words, dates and times in ${EXPORT_TIME_ZONE} time (in XLSX
as Excel dates). A Dutch CSV has ";" between cells and a decimal comma, as Dutch Excel opens it; an English one ",".
JSON lines are for programs: field names and stored codes, dates ISO 8601 in UTC.
Use "npm run -s" (silent) when redirecting standard output, so npm's own banner stays out of the file.`;

/** A checked export: everything but the database, which the service knows. */
type ExportArgs = Omit<ExportJob, 'databaseUrl'>;

const list = (values: readonly string[]) =>
  values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

const formatNamed = (name: string): ExportFormat | undefined => EXPORT_FORMATS.find((format) => format === name);

/** Parses and checks everything before the database is touched; throws UsageError with one clear sentence. */
function parseExportArguments(argv: string[]): ExportArgs | typeof HELP {
  const { values, positionals } = parseCommandLine(
    argv,
    {
      type: { type: 'string' },
      open: { type: 'boolean' },
      status: { type: 'string' },
      language: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      format: { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) return HELP;

  const names = DATASETS.map((d) => d.name);
  if (positionals.length === 0) throw new UsageError(`Missing dataset: choose ${list(names)}.`);
  if (positionals.length > 1) throw new UsageError(`Export one dataset at a time (got ${positionals.join(' ')}).`);
  const dataset = findDataset(positionals[0]);
  if (!dataset) throw new UsageError(`Unknown dataset "${positionals[0]}": choose ${list(names)}.`);

  const filters: ExportFilters = {};
  if (values.type !== undefined) {
    if (!dataset.type)
      throw new UsageError(`--type applies to submissions and submission-history, not to ${dataset.name}.`);
    if (!dataset.type.values.includes(values.type)) {
      throw new UsageError(`Unknown type "${values.type}": choose ${list(dataset.type.values)}.`);
    }
    filters.type = values.type;
  }
  if (values.open) {
    if (!dataset.open) throw new UsageError(`--open applies to submissions only, not to ${dataset.name}.`);
    filters.open = true;
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
  const language = EXPORT_LANGUAGES.find((name) => name === (values.language ?? 'nl'));
  if (!language) throw new UsageError(`Unknown language "${values.language}": choose ${list(EXPORT_LANGUAGES)}.`);
  let format: ExportFormat = 'xlsx';
  if (values.format !== undefined) {
    const named = formatNamed(values.format);
    if (!named) throw new UsageError(`Unknown format "${values.format}": choose ${list(EXPORT_FORMATS)}.`);
    format = named;
  } else if (output) {
    format = formatNamed(/\.(csv|xlsx|jsonl)$/i.exec(output)?.[1]?.toLowerCase() ?? '') ?? format;
  }
  if (format === 'xlsx' && !output && process.stdout.isTTY) {
    throw new UsageError('An XLSX file cannot be shown in a terminal: add --output <file>.xlsx.');
  }
  return {
    // JSON lines are for programs: field names and codes, whatever the language (export-words.ts).
    dataset: format === 'jsonl' ? dataset : staffDataset(dataset, language),
    format,
    filters,
    output,
    progressOnTty: process.stderr.isTTY === true,
  };
}

@Injectable()
class ExportCommand implements Command<ExportArgs> {
  constructor(private readonly exports: ExportService) {}

  run(args: ExportArgs): Promise<void> {
    return this.exports.export(args);
  }
}

@Module({ providers: [ExportService, ExportCommand] })
class ExportCliModule {}

/** `npm run export -- <dataset> [options]`: staff exports (docs/staff-exports.md). */
runCommand<ExportArgs>({
  invocation: 'npm run export --',
  usage: EXPORT_USAGE,
  parse: parseExportArguments,
  context: () => ({ module: ExportCliModule, command: ExportCommand }),
});
