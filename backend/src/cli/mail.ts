import { Injectable, Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { EmailQueueMissingError, MailRecoveryService } from '../mail/mail-recovery.service';
import { MailStatusService, OUTBOXES, type Outbox } from '../mail/mail-status.service';
import { EMAIL_STATUSES } from '../mail/submission-email.job';
import { QueueModule } from '../queue/queue.module';
import { HELP, parseCommandLine, runCommand, UsageError, type Command } from './cli-runner';

const MAIL_USAGE = `Usage: npm run mail -- status | retry

  status   emails per delivery status, for submissions and for donors, and how long the oldest undelivered one
           has waited
  retry    queue every dead email again, of both (after an SMTP outage); the running app or worker sends them

Examples:
  npm run mail -- status
  npm run mail -- retry
  npm run export -- submissions --status dead --output undelivered.csv   (which ones are dead)`;

const OUTBOX_TITLES: Record<Outbox, string> = { submission: 'submissions', donor: 'donor emails' };

interface MailArgs {
  action: 'status' | 'retry';
}

function formatAge(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** `status`: reads through Prisma only; no job queue is started. */
@Injectable()
class MailStatusCommand implements Command<MailArgs> {
  constructor(private readonly status: MailStatusService) {}

  async run(): Promise<void> {
    for (const outbox of OUTBOXES) {
      const { counts, oldestUndelivered: oldest } = await this.status.status(outbox);
      const lines = EMAIL_STATUSES.map((s) => `  ${s.padEnd(9)} ${String(counts[s]).padStart(8)}`);
      lines.push(
        oldest
          ? `Oldest undelivered: ${oldest.toISOString()} (${formatAge((Date.now() - oldest.getTime()) / 3_600_000)} ago)`
          : 'Oldest undelivered: none, everything was sent',
      );
      process.stdout.write(`Email delivery of ${OUTBOX_TITLES[outbox]}:\n${lines.join('\n')}\n`);
    }
  }
}

/** `retry`: needs the job queue (to send the jobs), but neither SMTP nor a worker. */
@Injectable()
class MailRetryCommand implements Command<MailArgs> {
  constructor(private readonly recovery: MailRecoveryService) {}

  async run(): Promise<void> {
    const { requeued, donorEmails } = await this.recovery.retryDead().catch((error: unknown) => {
      if (error instanceof EmailQueueMissingError) {
        throw new Error('The email queue does not exist yet: start the app or `npm run worker` once, then retry.');
      }
      throw error;
    });
    const count = requeued.length + donorEmails.length;
    process.stdout.write(
      count === 0
        ? 'No dead deliveries: nothing to retry.\n'
        : `Queued ${count} dead deliver${count === 1 ? 'y' : 'ies'} again; the running app or worker sends them.\n`,
    );
  }
}

@Module({ imports: [DatabaseModule], providers: [MailStatusService, MailStatusCommand] })
class MailStatusCliModule {}

@Module({ imports: [DatabaseModule, QueueModule], providers: [MailRecoveryService, MailRetryCommand] })
class MailRetryCliModule {}

/** `npm run mail -- status|retry`: email recovery for staff (docs/staff-exports.md). */
runCommand<MailArgs>({
  invocation: 'npm run mail --',
  usage: MAIL_USAGE,
  parse(argv) {
    const { values, positionals } = parseCommandLine(argv, { help: { type: 'boolean', short: 'h' } }, true);
    if (values.help) return HELP;
    const [action, ...rest] = positionals;
    if (!action) throw new UsageError('Missing action: status or retry.');
    if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}.`);
    if (action !== 'status' && action !== 'retry') throw new UsageError(`Unknown action "${action}": status or retry.`);
    return { action };
  },
  context: ({ action }) =>
    action === 'status'
      ? { module: MailStatusCliModule, command: MailStatusCommand }
      : { module: MailRetryCliModule, command: MailRetryCommand },
});
