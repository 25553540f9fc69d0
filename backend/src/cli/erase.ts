import { Injectable, Module } from '@nestjs/common';
import { formatCents } from '../common/money';
import type { ErasureTarget, KeptAgreement } from '../retention/retention.erasure';
import { AGREEMENT_RETENTION_YEARS } from '../retention/retention.purge';
import { DatabaseModule } from '../database/database.module';
import { RetentionService } from '../retention/retention.service';
import { HELP, parseCommandLine, runCommand, UsageError, type Command } from './cli-runner';

const ERASE_USAGE = `Usage: npm run erase -- --email <address> [--dry-run]

Removes one person's personal data (name, email, phone, location, messages, referrer details) from every
submission and donation with that email address, also where it was given as referrer. Ids, dates, amounts
and statuses stay for the books. Deletes a periodic gift agreement naming the address (donor or partner)
that was never countersigned; one that was is kept until seven years after it ends (fiscal retention
duty, art. 52 AWR): the command says which and until when. Matching ignores upper and lower case.
Writes one line to audit_log with a SHA-256 hash of the address, never the address itself.

Options:
  --email <address>   the person's email address (required)
  --dry-run           only show what would be changed
  --help              show this text

Examples:
  npm run erase -- --email someone@example.org --dry-run
  npm run erase -- --email someone@example.org`;

interface EraseArgs {
  email: string;
  dryRun: boolean;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** What erase touches: ids, dates and statuses only, so the output can be pasted into a ticket. */
function describeTarget(target: ErasureTarget): string {
  return [
    `Submissions: ${target.submissions.length}`,
    ...target.submissions.map((s) => `  ${s.id}  ${day(s.createdAt)}  ${s.type}  email ${s.emailStatus}`),
    `Donations: ${target.donations.length}`,
    ...target.donations.map((d) => `  ${d.id}  ${day(d.createdAt)}  ${d.status}  EUR ${formatCents(d.amountCents)}`),
    `Named as referrer on other donations: ${target.referrals.length}`,
    ...target.referrals.map((d) => `  ${d.id}  ${day(d.createdAt)}  (referrer fields only)`),
    `Periodic gift agreements to delete (never countersigned, or past retention): ${target.agreements.length}`,
    ...target.agreements.map((a) => `  ${a.transactionNumber}  ${day(a.createdAt)}  ${a.status}`),
  ].join('\n');
}

/** Why an agreement is not erased, and until when: staff pass this on to the person who asked. */
function describeKept(agreement: KeptAgreement): string {
  const until =
    agreement.keptUntil && agreement.endedAt
      ? `until ${day(agreement.keptUntil)} (ended ${day(agreement.endedAt)})`
      : `until ${AGREEMENT_RETENTION_YEARS} years after it ends (it still runs)`;
  return `  ${agreement.transactionNumber}  ${agreement.status}  kept ${until}`;
}

@Injectable()
class EraseCommand implements Command<EraseArgs> {
  constructor(private readonly retention: RetentionService) {}

  async run({ email, dryRun }: EraseArgs): Promise<void> {
    const result = await this.retention.erase(email, { dryRun });
    const total =
      result.submissions.length + result.donations.length + result.referrals.length + result.agreements.length;
    process.stdout.write(`${describeTarget(result)}\n`);
    if (result.keptAgreements.length > 0) {
      process.stdout.write(
        `Not erased: ${result.keptAgreements.length} countersigned periodic gift agreement(s) with their signatures.\n` +
          `The fiscal retention duty (art. 52 AWR) keeps them ${AGREEMENT_RETENTION_YEARS} years after they end; ` +
          'run erase again after the date below (docs/privacy.md "Periodic gift agreements").\n' +
          `${result.keptAgreements.map(describeKept).join('\n')}\n`,
      );
    }
    if (total === 0) {
      const what = result.keptAgreements.length > 0 ? 'Nothing else' : 'Nothing';
      process.stdout.write(`${what} found for this address; nothing changed.\n`);
    } else if (dryRun) process.stdout.write('Dry run: nothing changed. Run again without --dry-run to erase.\n');
    else {
      process.stdout.write(
        `Erased. Written to audit_log as erase ${result.emailSha256.slice(0, 12)}… (hash of the address).\n` +
          'Stripe keeps its own copy of donor details: delete the customer in the Stripe dashboard as well.\n',
      );
    }
  }
}

@Module({ imports: [DatabaseModule], providers: [RetentionService, EraseCommand] })
class EraseCliModule {}

/** `npm run erase -- --email <address> [--dry-run]`: erasure on request (docs/staff-exports.md). */
runCommand<EraseArgs>({
  invocation: 'npm run erase --',
  usage: ERASE_USAGE,
  parse(argv) {
    const { values } = parseCommandLine(argv, {
      email: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) return HELP;
    const email = values.email?.trim();
    if (!email) throw new UsageError('Missing --email: whose data should be erased?');
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an email address.`);
    return { email, dryRun: values['dry-run'] === true };
  },
  context: () => ({ module: EraseCliModule, command: EraseCommand }),
});
