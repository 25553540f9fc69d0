import type { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { MailRecoveryService } from '../mail/mail-recovery.service';
import { EMAIL_STATUSES, SubmissionEmailJob } from '../mail/submission-email.job';
import type { MailTransport } from '../mail/mail.transport';
import { QueueService } from '../queue/queue.service';
import { connectDatabase, loadCliConfig, parseCommandLine, runCli, UsageError, type CliConfig } from './cli-runner';

const MAIL_USAGE = `Usage: npm run mail -- status | retry

  status   submissions per email delivery status, and how long the oldest undelivered one has waited
  retry    queue every dead delivery again (after an SMTP outage); the running app or worker sends them

Examples:
  npm run mail -- status
  npm run mail -- retry
  npm run export -- submissions --status dead --output undelivered.csv   (which ones are dead)`;

async function status(config: CliConfig): Promise<void> {
  const client = await connectDatabase(config.databaseUrl);
  try {
    // Same population as MailRecoveryService.countByStatus: erased submissions are no longer anyone's mail.
    const { rows } = await client.query<{ status: string; count: string }>(
      'SELECT email_status AS status, count(*) AS count FROM submissions WHERE erased_at IS NULL GROUP BY email_status',
    );
    const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
    const oldest = await client.query<{ created_at: Date; age_hours: number }>(
      `SELECT created_at, extract(epoch FROM now() - created_at) / 3600 AS age_hours FROM submissions
       WHERE erased_at IS NULL AND email_status <> 'sent' ORDER BY created_at LIMIT 1`,
    );
    const lines = EMAIL_STATUSES.map((s) => `  ${s.padEnd(9)} ${String(counts.get(s) ?? 0).padStart(8)}`);
    const first = oldest.rows[0];
    lines.push(
      first
        ? `Oldest undelivered: ${first.created_at.toISOString()} (${formatAge(Number(first.age_hours))} ago)`
        : 'Oldest undelivered: none, everything was sent',
    );
    process.stdout.write(`Email delivery of submissions:\n${lines.join('\n')}\n`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function formatAge(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * Re-queues through the mail module's own MailRecoveryService (status back to queued, job, audit line), wired
 * by hand: the CLI has only DATABASE_URL, and retrying needs neither SMTP nor a worker (`runWorker: false`).
 */
async function retry(config: CliConfig): Promise<void> {
  // Fails with a clear message when the database is down, before pg-boss and Prisma start retrying on their own.
  await (await connectDatabase(config.databaseUrl)).end();
  const appConfig = { databaseUrl: config.databaseUrl, runWorker: false } as AppConfig;
  const prisma = new PrismaService(appConfig);
  const queue = new QueueService(appConfig);
  await queue.onModuleInit();
  try {
    const job = new SubmissionEmailJob(queue, prisma, undefined as unknown as MailTransport, appConfig);
    const { requeued } = await new MailRecoveryService(prisma, queue, job).retryDead().catch((error: Error) => {
      // The app creates the queue at start; on a database it never ran against, nothing was changed.
      if (/queue .* does not exist/i.test(error.message)) {
        throw new Error('The email queue does not exist yet: start the app or `npm run worker` once, then retry.');
      }
      throw error;
    });
    process.stdout.write(
      requeued.length === 0
        ? 'No dead deliveries: nothing to retry.\n'
        : `Queued ${requeued.length} dead deliver${requeued.length === 1 ? 'y' : 'ies'} again; the running app or worker sends them.\n`,
    );
  } finally {
    await queue.boss.stop({ graceful: false, close: true }).catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv, { help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    process.stdout.write(`${MAIL_USAGE}\n`);
    return;
  }
  const [action, ...rest] = positionals;
  if (!action) throw new UsageError('Missing action: status or retry.');
  if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}.`);
  if (action !== 'status' && action !== 'retry') throw new UsageError(`Unknown action "${action}": status or retry.`);
  const config = loadCliConfig();
  await (action === 'status' ? status(config) : retry(config));
}

/** `npm run mail -- status|retry`: email recovery for staff (docs/staff-exports.md). */
runCli('npm run mail --', main);
