import { Injectable, Module } from '@nestjs/common';
import { formatCents } from '../common/money';
import { DatabaseModule } from '../database/database.module';
import { DonorEmailOutboxModule } from '../donor-email/donor-email-outbox.module';
import { StatementsService } from '../donor-email/statements.service';
import { QueueModule } from '../queue/queue.module';
import { QueueService } from '../queue/queue.service';
import { HELP, parseCommandLine, UsageError, type Command, type CommandLine } from './cli-runner';

const USAGE = `Usage: npm run donations -- statements --year <YYYY> [--email <address>] [--dry-run]

Queues the yearly statement of every donor who paid anything in that calendar year (Dutch time): one email per
donor address, listing each paid amount with its date and the total, with the foundation's name and RSIN. A donor
gets one statement per year: running it again (or after the January job) queues nothing new.

  --year <YYYY>        the calendar year, e.g. 2026
  --email <address>    only this donor (any letter case)
  --dry-run            list what would be queued, queue nothing

The running app or \`npm run worker\` sends the queued emails; \`npm run export -- donor-emails\` shows their state.

Examples:
  npm run donations -- statements --year 2026 --dry-run
  npm run donations -- statements --year 2026
  npm run donations -- statements --year 2026 --email donor@example.org`;

export interface StatementsArgs {
  year: number;
  email?: string;
  dryRun: boolean;
}

function parseStatements(argv: string[]): StatementsArgs | typeof HELP {
  const { values } = parseCommandLine(argv, {
    year: { type: 'string' },
    email: { type: 'string' },
    'dry-run': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return HELP;
  if (values.year === undefined) throw new UsageError('Missing --year: the calendar year, for example --year 2026.');
  const year = Number(values.year);
  if (!/^\d{4}$/.test(values.year) || year < 2000 || year > 2100) {
    throw new UsageError(`Invalid year "${values.year}": use four digits, for example 2026.`);
  }
  const email = values.email?.trim();
  if (email !== undefined && (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email))) {
    throw new UsageError(`Invalid --email "${values.email}": give the donor's email address.`);
  }
  return { year, email, dryRun: values['dry-run'] === true };
}

@Injectable()
class StatementsCommand implements Command<StatementsArgs> {
  constructor(
    private readonly statements: StatementsService,
    private readonly queue: QueueService,
  ) {}

  async run(args: StatementsArgs): Promise<void> {
    if (!args.dryRun && !(await this.queue.exists('donor-email'))) {
      throw new Error(
        'The donor email queue does not exist yet: start the app or `npm run worker` once, then run this again.',
      );
    }
    const plans = await this.statements.queueStatements(args);
    const lines = plans.map(
      (plan) =>
        `  ${plan.outcome.padEnd(12)} ${plan.email}  ${plan.payments} payment${plan.payments === 1 ? '' : 's'}, EUR ${formatCents(plan.totalCents)}`,
    );
    const queued = plans.filter((plan) => plan.outcome === (args.dryRun ? 'would queue' : 'queued')).length;
    const summary = args.dryRun
      ? `Dry run for ${args.year}: ${queued} statement(s) would be queued, ${plans.length - queued} already sent; nothing was queued.`
      : `Statements for ${args.year}: ${queued} queued, ${plans.length - queued} already sent. The running app or worker sends them.`;
    process.stdout.write(`${[...lines, summary].join('\n')}\n`);
  }
}

@Module({
  imports: [DatabaseModule, QueueModule, DonorEmailOutboxModule],
  providers: [StatementsService, StatementsCommand],
})
class StatementsCliModule {}

/** `npm run donations -- statements`: yearly statements on demand (docs/staff-exports.md). */
export const STATEMENTS_COMMAND: CommandLine<StatementsArgs> = {
  invocation: 'npm run donations -- statements',
  usage: USAGE,
  parse: parseStatements,
  context: () => ({ module: StatementsCliModule, command: StatementsCommand }),
};
