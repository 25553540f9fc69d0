import { Injectable, Module } from '@nestjs/common';
import { SUBMISSION_TYPES } from '@stichting/contracts';
import { DatabaseModule } from '../database/database.module';
import {
  AGREEMENT_RETENTION_YEARS,
  UNCOMPLETED_AGREEMENT_DAYS,
  UNPAID_DONATION_DAYS,
} from '../retention/retention.purge';
import { RetentionService } from '../retention/retention.service';
import { HELP, parseCommandLine, runCommand, type Command } from './cli-runner';

const PURGE_USAGE = `Usage: npm run purge -- [--dry-run]

Deletes submissions older than the retention period of their form type, error reports not seen for
longer than theirs, donation payments older than the donations period, and donations whose last change
is older than that and that have no payment left, and periodic gift agreements (with their signatures)
seven years after they ended, or 90 days after their last change if never countersigned.
Writes one line to audit_log (counts only).
The app also does this every night at 03:30 (Europe/Amsterdam). Why these periods: docs/privacy.md.

Periods in days, from the environment (defaults in brackets):
  RETENTION_DAYS_VOLUNTEER [56]  RETENTION_DAYS_CONTACT [365]  RETENTION_DAYS_HELP_REQUEST [180]
  RETENTION_DAYS_ERROR_REPORTS [90]  RETENTION_DAYS_DONATIONS [2922]

Options:
  --dry-run   only count what would be deleted
  --help      show this text

Examples:
  npm run purge -- --dry-run
  npm run purge`;

interface PurgeArgs {
  dryRun: boolean;
}

@Injectable()
class PurgeCommand implements Command<PurgeArgs> {
  constructor(private readonly retention: RetentionService) {}

  async run({ dryRun }: PurgeArgs): Promise<void> {
    const result = await this.retention.purge({ dryRun });
    const days = result.retentionDays;
    const line = (what: string, count: number, period: string) =>
      `  ${what.padEnd(26)} ${String(count).padStart(7)}  (${period})`;
    const lines = [
      ...SUBMISSION_TYPES.map((type) =>
        line(`${type} submissions`, result.submissions[type], `older than ${days[type]} days`),
      ),
      line('error reports', result.errorReports, `not seen for ${days.errorReports} days`),
      line('donation payments', result.donationPayments, `older than ${days.donations} days`),
      line('donations', result.donations, `unchanged for ${days.donations} days, no payment left`),
      line('unpaid donations', result.unpaidDonations, `never paid, unchanged for ${UNPAID_DONATION_DAYS} days`),
      line(
        'periodic gift agreements',
        result.agreements,
        `ended ${AGREEMENT_RETENTION_YEARS} years ago, or never completed and unchanged for ${UNCOMPLETED_AGREEMENT_DAYS} days`,
      ),
    ];
    const verb = dryRun ? 'would be deleted' : 'deleted';
    process.stdout.write(`${dryRun ? 'Dry run: nothing changed.\n' : ''}Rows ${verb}:\n${lines.join('\n')}\n`);
    if (!dryRun) process.stdout.write('Written to audit_log (counts only).\n');
  }
}

@Module({ imports: [DatabaseModule], providers: [RetentionService, PurgeCommand] })
class PurgeCliModule {}

/** `npm run purge -- [--dry-run]`: enforce the retention periods now (docs/staff-exports.md). */
runCommand<PurgeArgs>({
  invocation: 'npm run purge --',
  usage: PURGE_USAGE,
  parse(argv) {
    const { values } = parseCommandLine(argv, {
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    return values.help ? HELP : { dryRun: values['dry-run'] === true };
  },
  context: () => ({ module: PurgeCliModule, command: PurgeCommand }),
});
