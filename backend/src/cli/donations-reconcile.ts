import { Injectable, Module } from '@nestjs/common';
import { DonationLedgerModule } from '../donations/donation-ledger.module';
import {
  DonationObjectReconciliation,
  type ObjectReconciliationReport,
} from '../donations/reconciliation/donation-object-reconciliation.service';
import {
  DonationReconciliation,
  earliestReconcilableDate,
  type ReconciliationReport,
} from '../donations/reconciliation/donation-reconciliation.service';
import { STRIPE_API_VERSION } from '../config/stripe-api-version';
import { DatabaseModule } from '../database/database.module';
import { QueueModule } from '../queue/queue.module';
import { StripeModule } from '../stripe/stripe.module';
import { HELP, parseCommandLine, parseDay, UsageError, type Command, type CommandLine } from './cli-runner';

const USAGE = `Usage: npm run donations -- reconcile [--since YYYY-MM-DD] [--from-objects] [--dry-run]

Reads Stripe's events about donations and apply every one the website has not recorded
              (a webhook delivery that never arrived), through the same ledger as the webhook;
              prints each change. Events already recorded are left alone, so running it twice is safe.
              The app also does this every day at 04:15 (Europe/Amsterdam).

Options:
  --since YYYY-MM-DD   from this day (Dutch time); Stripe keeps events for 30 days, the default and the limit
                       (with --from-objects any earlier day: the invoices created since then are read)
  --from-objects       then also read the subscription and the invoices of every donation with a subscription
                       and apply what the website does not show, however long ago (beyond the 30 days of
                       events, or an event the website refused); the daily run does this for the gifts that
                       still run
  --dry-run            show what would change, change nothing
  --help               show this text

Needs DATABASE_URL and STRIPE_SECRET_KEY (the same as the website's).

Examples:
  npm run donations -- reconcile --dry-run
  npm run donations -- reconcile --since 2026-11-01
  npm run donations -- reconcile --from-objects --dry-run`;

const TIME_ZONE = 'Europe/Amsterdam';

export interface ReconcileArgs {
  /** The start of the --since day in Dutch time. */
  since?: Date;
  dryRun: boolean;
  /** Also read every subscription and its invoices (docs/architecture.md §3.7). */
  fromObjects: boolean;
}

/** Midnight of `day` (YYYY-MM-DD) in Amsterdam, as an instant. */
function amsterdamMidnight(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(utcMidnight)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

/** The report as staff read it: what was (or would be) applied, then anything that needs their attention. */
function formatReport(report: ReconciliationReport): string {
  const lines = [
    `${report.dryRun ? 'Dry run: nothing was changed.\n' : ''}Stripe events since ${when(report.since)} UTC: ` +
      `${report.listed} listed, ${report.alreadyApplied} already recorded.`,
  ];
  const verb = report.dryRun ? 'Would apply' : 'Applied';
  lines.push(
    report.applied.length === 0
      ? 'Nothing missing: the ledger has every event.'
      : `${verb} ${report.applied.length} event${report.applied.length === 1 ? '' : 's'} the webhook had not recorded:`,
  );
  for (const { id, type, created, changes } of report.applied) {
    lines.push(`  ${when(created)} ${id} ${type}`, ...changes.map((change) => `    ${change}`));
  }
  if (report.otherApiVersion.length > 0) {
    const versions = [...new Set(report.otherApiVersion.map((event) => event.apiVersion ?? 'none'))].join(', ');
    lines.push(
      `Left alone ${report.otherApiVersion.length} events in API version ${versions}: this build reads ` +
        `${STRIPE_API_VERSION}. Set the Stripe account's API version to it (docs/stripe-setup.md §2).`,
    );
  }
  for (const { id, type, error } of report.failed) lines.push(`Could not apply ${id} ${type}: ${error}`);
  return `${lines.join('\n')}\n`;
}

/** The report of the reconciliation from Stripe's objects, after the event list's. */
function formatObjectReport(report: ObjectReconciliationReport): string {
  const invoices = report.since ? `their invoices since ${when(report.since)} UTC` : 'all their invoices';
  const lines = [
    `Stripe subscriptions read: ${report.donations}, with ${invoices} (${report.invoices}); ` +
      `${report.alreadyRecorded} already shown.`,
  ];
  const verb = report.dryRun ? 'Would apply' : 'Applied';
  const count = report.applied.length;
  lines.push(
    count === 0
      ? 'Nothing missing: the ledger shows every subscription and settled invoice.'
      : `${verb} ${count} change${count === 1 ? '' : 's'} the webhook had not recorded:`,
  );
  for (const { id, type, objectId, happenedAt, changes } of report.applied) {
    const at = happenedAt ? when(happenedAt) : 'now at Stripe    ';
    lines.push(`  ${at} ${objectId} ${type} (as ${id})`, ...changes.map((change) => `    ${change}`));
  }
  for (const { donationId, subscriptionId } of report.notAtStripe) {
    lines.push(`Stripe has no subscription ${subscriptionId} (donation ${donationId.slice(0, 8)}): left alone.`);
  }
  for (const { id, type, error } of report.failed) lines.push(`Could not apply ${id} ${type}: ${error}`);
  return `${lines.join('\n')}\n`;
}

@Injectable()
class ReconcileCommand implements Command<ReconcileArgs> {
  constructor(
    private readonly reconciliation: DonationReconciliation,
    private readonly objectReconciliation: DonationObjectReconciliation,
  ) {}

  async run({ since, dryRun, fromObjects }: ReconcileArgs): Promise<void> {
    const report = await this.reconciliation.reconcile({ since, dryRun });
    process.stdout.write(formatReport(report));
    let failed = report.failed.length;
    if (fromObjects) {
      const objects = await this.objectReconciliation.reconcile({ since, dryRun, scope: 'all' });
      process.stdout.write(formatObjectReport(objects));
      failed += objects.failed.length;
    }
    if (failed > 0) {
      throw new Error(`${failed} events could not be applied; run the command again later.`);
    }
  }
}

// QueueModule: the emails an applied event decides go through the donor email outbox, as from the webhook.
@Module({ imports: [DatabaseModule, QueueModule, StripeModule, DonationLedgerModule], providers: [ReconcileCommand] })
class ReconcileCliModule {}

/**
 * `npm run donations -- reconcile [--since] [--from-objects] [--dry-run]`: the donation ledger against Stripe
 * (docs/staff-exports.md).
 */
export const RECONCILE_COMMAND: CommandLine<ReconcileArgs> = {
  invocation: 'npm run donations -- reconcile',
  usage: USAGE,
  withStripe: true,
  parse(argv) {
    const { values } = parseCommandLine(argv, {
      since: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'from-objects': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) return HELP;
    const fromObjects = values['from-objects'] ?? false;
    let since: Date | undefined;
    if (values.since !== undefined) {
      since = amsterdamMidnight(parseDay('--since', values.since));
      if (since > new Date()) throw new UsageError(`--since ${values.since} is in the future.`);
      // A day that began just over 30 days ago is fine: the reconciliation starts where Stripe's list does. Stripe's
      // objects go back further: with them, the event list starts where Stripe's does and the invoices at --since.
      const earliestDay = earliestReconcilableDate().toISOString().slice(0, 10);
      if (values.since < earliestDay && !fromObjects) {
        throw new UsageError(
          `--since ${values.since} is more than 30 days ago: Stripe keeps events for 30 days, so use ${earliestDay} or later ` +
            '(or add --from-objects to read the subscriptions and invoices since then).',
        );
      }
    }
    return { since, dryRun: values['dry-run'] ?? false, fromObjects };
  },
  context: () => ({ module: ReconcileCliModule, command: ReconcileCommand }),
};
