import { connectDatabase, loadCliConfig, parseCommandLine, UsageError } from '../cli/cli-runner';
import { erasePerson, type ErasureTarget } from './retention.erasure';
import { purgeExpired } from './retention.purge';

export const PURGE_USAGE = `Usage: npm run purge -- [--dry-run]

Deletes submissions older than the retention period of their form type and error reports not seen for
longer than theirs. Donations are kept (bookkeeping). Writes one line to audit_log (counts only).
The app also does this every night at 03:30 (Europe/Amsterdam).

Periods in days, from the environment (defaults in brackets):
  RETENTION_DAYS_VOLUNTEER [730]  RETENTION_DAYS_CONTACT [365]
  RETENTION_DAYS_HELP_REQUEST [730]  RETENTION_DAYS_ERROR_REPORTS [90]

Options:
  --dry-run   only count what would be deleted
  --help      show this text

Examples:
  npm run purge -- --dry-run
  npm run purge`;

export const ERASE_USAGE = `Usage: npm run erase -- --email <address> [--dry-run]

Removes one person's personal data (name, email, phone, location, messages, referrer details) from every
submission and donation with that email address, also where it was given as referrer. Ids, dates, amounts
and statuses stay for the books. Matching ignores upper and lower case. Writes one line to audit_log with
a SHA-256 hash of the address, never the address itself.

Options:
  --email <address>   the person's email address (required)
  --dry-run           only show what would be changed
  --help              show this text

Examples:
  npm run erase -- --email someone@example.org --dry-run
  npm run erase -- --email someone@example.org`;

export async function runPurgeCommand(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(argv, {
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(`${PURGE_USAGE}\n`);
    return;
  }
  const dryRun = values['dry-run'] === true;
  const config = loadCliConfig();
  const client = await connectDatabase(config.databaseUrl);
  try {
    const result = await purgeExpired(client, config.retentionDays, { dryRun });
    const verb = dryRun ? 'would be deleted' : 'deleted';
    const days = result.retentionDays;
    const lines = [
      ...Object.entries(result.submissions).map(
        ([type, count]) =>
          `  ${`${type} submissions`.padEnd(26)} ${String(count).padStart(7)}  (older than ${days[type as keyof typeof days]} days)`,
      ),
      `  ${'error reports'.padEnd(26)} ${String(result.errorReports).padStart(7)}  (not seen for ${days.errorReports} days)`,
    ];
    process.stdout.write(`${dryRun ? 'Dry run: nothing changed.\n' : ''}Rows ${verb}:\n${lines.join('\n')}\n`);
    if (!dryRun) process.stdout.write('Written to audit_log (counts only).\n');
  } finally {
    await client.end().catch(() => undefined);
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const euro = (cents: number) => `EUR ${(cents / 100).toFixed(2)}`;

/** What erase touches: ids, dates and statuses only, so the output can be pasted into a ticket. */
function describeTarget(target: ErasureTarget): string {
  return [
    `Submissions: ${target.submissions.length}`,
    ...target.submissions.map((s) => `  ${s.id}  ${day(s.createdAt)}  ${s.type}  email ${s.emailStatus}`),
    `Donations: ${target.donations.length}`,
    ...target.donations.map((d) => `  ${d.id}  ${day(d.createdAt)}  ${d.status}  ${euro(d.amountCents)}`),
    `Named as referrer on other donations: ${target.referrals.length}`,
    ...target.referrals.map((d) => `  ${d.id}  ${day(d.createdAt)}  (referrer fields only)`),
  ].join('\n');
}

export async function runEraseCommand(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(argv, {
    email: { type: 'string' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(`${ERASE_USAGE}\n`);
    return;
  }
  const email = values.email?.trim();
  if (!email) throw new UsageError('Missing --email: whose data should be erased?');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an email address.`);
  const dryRun = values['dry-run'] === true;
  const config = loadCliConfig();
  const client = await connectDatabase(config.databaseUrl);
  try {
    const result = await erasePerson(client, email, { dryRun });
    const total = result.submissions.length + result.donations.length + result.referrals.length;
    process.stdout.write(`${describeTarget(result)}\n`);
    if (total === 0) process.stdout.write('Nothing found for this address; nothing changed.\n');
    else if (dryRun) process.stdout.write('Dry run: nothing changed. Run again without --dry-run to erase.\n');
    else {
      process.stdout.write(
        `Erased. Written to audit_log as erase ${result.emailSha256.slice(0, 12)}… (hash of the address).\n` +
          'Stripe keeps its own copy of donor details: delete the customer in the Stripe dashboard as well.\n',
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
