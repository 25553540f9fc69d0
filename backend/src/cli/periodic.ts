import { Inject, Injectable, Module } from '@nestjs/common';
import {
  AGREEMENT_STATUSES,
  FOUNDATION,
  PERIODIC_LIMITS,
  TRANSACTION_NUMBER_PATTERN,
  type AgreementStatus,
} from '@stichting/contracts';
import { dutchDay } from '../common/dutch-business-days';
import { openFileTarget, stdoutTarget } from '../exports/export-runner';
import { formatCents } from '../common/money';
import type { PeriodicGiftSignatory } from '../config/app-config';
import { PERIODIC_GIFT_SIGNATORY } from '../config/config.module';
import { SIGNATORY_TEXT_MAX_LENGTH } from '../config/settings';
import { DatabaseModule } from '../database/database.module';
import { PeriodicAgreementsRepository, type StaffAgreementRow } from '../database/periodic-agreements.repository';
import { isSameName, signerName } from '../periodic-gift/agreement-text';
import {
  PeriodicAgreements,
  signerRoles,
  type AgreementWithSignatures,
} from '../periodic-gift/periodic-agreements.service';
import { PeriodicAgreementsModule } from '../periodic-gift/periodic-gift.module';
import { QueueModule } from '../queue/queue.module';
import { QueueService } from '../queue/queue.service';
import {
  HELP,
  parseCommandLine,
  runCommand,
  runSubcommands,
  textOption,
  UsageError,
  type Command,
  type CommandLine,
} from './cli-runner';

/**
 * `npm run periodic -- <subcommand>`: the periodieke gift for staff (docs/product.md §4.9, docs/staff-exports.md):
 * list the agreements, record a hand-signed paper, countersign for the foundation, take out an agreement's PDF. The signing steps themselves are
 * PeriodicAgreements', the same the pages use; this file reads arguments and says what happened.
 */

const INVOCATION = 'npm run periodic --';

const USAGE = `Usage: ${INVOCATION} <subcommand> [options]

Subcommands:
  list             the agreements: transaction number, status, amounts, term, signature dates [--status <status>]
  paper-received   record that the signed paper arrived: <PG-…> --donor-name "…" [--partner-name "…"]
  countersign      sign for the foundation: <PG-…> [--name "…"] [--function "…"]
  pdf              an agreement's PDF, signed by all or as the signers read it: <PG-…> [--as-read] [--output <file>]

Run \`${INVOCATION} <subcommand> --help\` for its options and examples.`;

const LIST_USAGE = `Usage: ${INVOCATION} list [--status <status>]

Every periodic gift agreement, oldest first: its transaction number, status, how it is signed (online or paper), the
yearly and monthly amount in euros, the term and the first year, and the day (Dutch time) each party signed. No
names or addresses: the signed PDF holds those.

  --status <status>   only agreements in this status: ${AGREEMENT_STATUSES.join(', ')}

Examples:
  ${INVOCATION} list
  ${INVOCATION} list --status awaiting_countersignature`;

const PAPER_USAGE = `Usage: ${INVOCATION} paper-received <transaction number> --donor-name "<name>" [--partner-name "<name>"]

Records that the agreement, signed by hand, arrived at the foundation (docs/product.md §4.9): a paper signature of the
donor (and of the partner, if the agreement names one) over the same document the donor downloaded, whose SHA-256
is kept with each signature. Then the agreement waits for the foundation's signature, as one signed online does:
staff get the countersign email, or run \`${INVOCATION} countersign\`.

Type each name as the agreement writes it (all first names and the surname; letter case and extra spaces do not
matter); a name that is not the agreement's is refused, which also catches a mistyped transaction number.

  --donor-name <name>     the donor's name as signed on the paper (needed unless the donor already signed online)
  --partner-name <name>   the partner's, when the agreement names a partner

Examples:
  ${INVOCATION} paper-received PG-2026-00042 --donor-name "Anna Maria de Vries"
  ${INVOCATION} paper-received PG-2026-00043 --donor-name "Anna Maria de Vries" --partner-name "Pieter Jan Bakker"`;

const COUNTERSIGN_USAGE = `Usage: ${INVOCATION} countersign <transaction number> [--name "<name>"] [--function "<function>"]

Signs the agreement for the foundation, once the donor (and partner) signed, online or on paper (docs/product.md
§4.9); the same as the button behind the link in the staff email. Then the final PDF, with every signature and its
audit line, is stored and emailed to the donor (with the link that starts the monthly debits) and the partner. The
running app or \`npm run worker\` sends the emails.

  --name <name>           who signs; default PERIODIC_GIFT_SIGNATORY_NAME, or the foundation's name when unset
  --function <function>   their function; default PERIODIC_GIFT_SIGNATORY_FUNCTION (bestuurder when unset)

Examples:
  ${INVOCATION} countersign PG-2026-00042
  ${INVOCATION} countersign PG-2026-00042 --name "J. de Boer" --function penningmeester`;

const PDF_USAGE = `Usage: ${INVOCATION} pdf <transaction number> [--as-read] [--output <file>]

Writes an agreement's PDF as the database keeps it (docs/product.md §4.9), for the tax office or the donor's
question: by default the final PDF, with every signature and its audit line, which exists once the foundation has
countersigned; with --as-read the document the donor and partner read and signed, whose SHA-256 every signature
names (it exists from the moment the agreement was made).

  --as-read         the document as the signers read it, instead of the final PDF
  --output <file>   write to this file (default: standard output, which must then be redirected to a file)

Examples:
  ${INVOCATION} pdf PG-2026-00042 --output PG-2026-00042.pdf
  ${INVOCATION} pdf PG-2026-00042 --as-read --output PG-2026-00042-as-read.pdf
  docker compose exec -T app site periodic pdf PG-2026-00042 > PG-2026-00042.pdf`;

interface ListArgs {
  status?: AgreementStatus;
}

interface PaperArgs {
  transactionNumber: string;
  donorName?: string;
  partnerName?: string;
}

interface PdfArgs {
  transactionNumber: string;
  asRead: boolean;
  output?: string;
}

interface CountersignArgs {
  transactionNumber: string;
  name?: string;
  function?: string;
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;
/** PG-<year>-<number>: the number has five digits or more; anything past this length is not one of ours. */
const TRANSACTION_NUMBER_MAX_LENGTH = 24;

/** The one positional argument of paper-received and countersign: a transaction number, any letter case. */
function transactionNumberOf(positionals: string[]): string {
  const [given, ...rest] = positionals;
  if (given === undefined) {
    throw new UsageError('Missing transaction number, for example PG-2026-00042 (see `npm run periodic -- list`).');
  }
  if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}.`);
  const number = given.trim().toUpperCase();
  if (number.length > TRANSACTION_NUMBER_MAX_LENGTH || !TRANSACTION_NUMBER_PATTERN.test(number)) {
    throw new UsageError(`"${given}" is not a transaction number: they read PG-<year>-<number>, e.g. PG-2026-00042.`);
  }
  return number;
}

const day = (date: Date | undefined) => (date ? dutchDay(date) : '');
const who = (role: 'donor' | 'partner') => (role === 'donor' ? 'the donor' : 'the partner');

/** "the donor", "the donor and the partner". */
const joined = (roles: Array<'donor' | 'partner'>) => roles.map(who).join(' and ');

/** The agreement by its number, or why not in one sentence. */
async function findAgreement(agreements: PeriodicAgreements, number: string): Promise<AgreementWithSignatures> {
  const agreement = await agreements.find(number);
  if (!agreement) {
    throw new Error(
      `No agreement ${number}: check the number (\`npm run periodic -- list\` shows them); nothing changed.`,
    );
  }
  return agreement;
}

/** The signers (donor, partner) whose signature the agreement still waits for. */
function unsigned(agreement: AgreementWithSignatures): Array<'donor' | 'partner'> {
  return signerRoles(agreement).filter((role) => !agreement.signatures.some((s) => s.role === role));
}

/** The agreement emails are sent by the worker from their queue, which the app creates at its first start. */
async function requireEmailQueue(queue: QueueService): Promise<void> {
  if (!(await queue.exists('agreement-email'))) {
    throw new Error(
      'The agreement email queue does not exist yet: start the app or `npm run worker` once, then run this again.',
    );
  }
}

@Injectable()
class ListCommand implements Command<ListArgs> {
  constructor(private readonly rows: PeriodicAgreementsRepository) {}

  async run({ status }: ListArgs): Promise<void> {
    const agreements = await this.rows.listForStaff(status);
    const header = [
      'transaction',
      'status',
      'method',
      'per year',
      'per month',
      'term',
      'donor',
      'partner',
      'foundation',
    ];
    const lines = [header, ...agreements.map(listRow)];
    const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column].length)));
    const table = lines.map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
    const count = `${agreements.length} agreement${agreements.length === 1 ? '' : 's'}${status ? ` ${status}` : ''}.`;
    process.stdout.write(`${agreements.length > 0 ? `${table.join('\n')}\n` : ''}${count}\n`);
  }
}

/** One agreement as a row: amounts in euros, the term, and per party the day signed (`-`: no partner). */
function listRow(agreement: StaffAgreementRow): string[] {
  const signedOn = (role: 'donor' | 'partner' | 'foundation') => {
    if (role === 'partner' && !signerRoles(agreement).includes('partner')) return '-';
    const signature = agreement.signatures.find((s) => s.role === role);
    return signature ? day(signature.signedAt) : 'waiting';
  };
  const term = agreement.termYears === null ? 'lifelong' : `${agreement.termYears} years`;
  return [
    agreement.transactionNumber,
    agreement.status,
    agreement.signingMethod,
    `EUR ${formatCents(agreement.yearlyAmountCents)}`,
    `EUR ${formatCents(agreement.monthlyAmountCents)}`,
    `${term} from ${agreement.firstYear}`,
    signedOn('donor'),
    signedOn('partner'),
    signedOn('foundation'),
  ];
}

@Injectable()
class PaperReceivedCommand implements Command<PaperArgs> {
  constructor(
    private readonly agreements: PeriodicAgreements,
    private readonly queue: QueueService,
  ) {}

  async run({ transactionNumber, donorName, partnerName }: PaperArgs): Promise<void> {
    const agreement = await findAgreement(this.agreements, transactionNumber);
    if (!['awaiting_verification', 'awaiting_signatures'].includes(agreement.status)) {
      throw new Error(
        `${transactionNumber} is already signed by ${joined(signerRoles(agreement))} (status ${agreement.status}); nothing changed.`,
      );
    }
    const waiting = unsigned(agreement);
    const names = { donor: donorName, partner: partnerName };
    for (const role of ['donor', 'partner'] as const) {
      const option = `--${role}-name`;
      const given = names[role];
      if (!signerRoles(agreement).includes(role)) {
        if (given) throw new UsageError(`${transactionNumber} names no partner: leave out ${option}.`);
        continue;
      }
      if (!waiting.includes(role)) {
        if (given)
          throw new UsageError(`${transactionNumber}: ${who(role)} already signed online; leave out ${option}.`);
        continue;
      }
      if (!given) throw new UsageError(`${transactionNumber} waits for ${who(role)}'s signature: give ${option} "…".`);
      const expected =
        role === 'donor'
          ? signerName(agreement.firstNames, agreement.surname)
          : signerName(agreement.partnerFirstNames ?? '', agreement.partnerSurname ?? '');
      if (!isSameName(given, expected)) {
        throw new Error(
          `"${given}" is not the name of ${who(role)} in ${transactionNumber}: check the transaction number, and type ` +
            'every first name and the surname as the agreement writes them; nothing changed.',
        );
      }
    }
    await requireEmailQueue(this.queue);
    const status = await this.agreements.paperReceived(transactionNumber, {
      donor: donorName ?? '',
      partner: partnerName,
    });
    process.stdout.write(
      `Recorded the paper signature of ${joined(waiting)} on ${transactionNumber}, over the document with SHA-256 ` +
        `${agreement.documentSha256 ?? ''}. Status: ${status}.\n` +
        `It now waits for the foundation's signature: staff get the countersign email, or run ` +
        `\`${INVOCATION} countersign ${transactionNumber}\`.\n`,
    );
  }
}

@Injectable()
class CountersignCommand implements Command<CountersignArgs> {
  constructor(
    private readonly agreements: PeriodicAgreements,
    private readonly queue: QueueService,
    @Inject(PERIODIC_GIFT_SIGNATORY) private readonly configured: PeriodicGiftSignatory,
  ) {}

  async run(args: CountersignArgs): Promise<void> {
    const { transactionNumber } = args;
    const agreement = await findAgreement(this.agreements, transactionNumber);
    const waiting = unsigned(agreement);
    if (agreement.status === 'awaiting_verification' || agreement.status === 'awaiting_signatures') {
      throw new Error(
        `${transactionNumber} is not signed by ${joined(waiting)} yet: the foundation signs last ` +
          `(a paper that arrived: \`${INVOCATION} paper-received ${transactionNumber} --donor-name "…"\`); nothing changed.`,
      );
    }
    const foundation = agreement.signatures.find((s) => s.role === 'foundation');
    if (agreement.status !== 'awaiting_countersignature' || foundation) {
      const by = foundation ? ` on ${day(foundation.signedAt)} by ${foundation.signerName}` : '';
      throw new Error(
        `${transactionNumber} is already countersigned${by} (status ${agreement.status}); nothing changed.`,
      );
    }
    await requireEmailQueue(this.queue);
    const signatory = {
      name: args.name ?? this.configured.signatoryName ?? FOUNDATION.name,
      function: args.function ?? this.configured.signatoryFunction,
    };
    await this.agreements.countersign(agreement.id, signatory);
    const partner = signerRoles(agreement).includes('partner') && agreement.partnerEmail ? ' and the partner' : '';
    process.stdout.write(
      `Countersigned ${transactionNumber} for ${FOUNDATION.name} as ${signatory.name} (${signatory.function}).\n` +
        `The final PDF is stored and queued by email to the donor${partner}; the donor's email has the link that ` +
        'starts the monthly debits. The running app or `npm run worker` sends it.\n',
    );
  }
}

@Injectable()
class PdfCommand implements Command<PdfArgs> {
  constructor(private readonly agreements: PeriodicAgreements) {}

  async run({ transactionNumber, asRead, output }: PdfArgs): Promise<void> {
    const agreement = await findAgreement(this.agreements, transactionNumber);
    const pdf = asRead ? agreement.document : agreement.finalDocument;
    if (!pdf) {
      throw new Error(
        asRead
          ? `${transactionNumber} keeps no document (status ${agreement.status}); nothing written.`
          : `${transactionNumber} has no final PDF yet: it is made when the foundation countersigns (status ` +
              `${agreement.status}). \`${INVOCATION} pdf ${transactionNumber} --as-read\` gives the document the ` +
              'signers read; nothing written.',
      );
    }
    const target = output ? await openFileTarget(output) : stdoutTarget();
    try {
      target.stream.write(pdf);
      await target.finish();
    } catch (error) {
      await target.abort();
      throw error;
    }
    const what = asRead ? 'document as the signers read it' : 'final PDF';
    process.stderr.write(
      `Wrote the ${what} of ${transactionNumber} (${pdf.length} bytes)${output ? ` to ${output}` : ''}.\n`,
    );
  }
}

@Module({ imports: [DatabaseModule], providers: [ListCommand] })
class PeriodicListModule {}

@Module({ imports: [DatabaseModule, QueueModule, PeriodicAgreementsModule], providers: [PaperReceivedCommand] })
class PeriodicPaperModule {}

@Module({ imports: [DatabaseModule, QueueModule, PeriodicAgreementsModule], providers: [CountersignCommand] })
class PeriodicCountersignModule {}

@Module({ imports: [DatabaseModule, QueueModule, PeriodicAgreementsModule], providers: [PdfCommand] })
class PeriodicPdfModule {}

const LIST: CommandLine<ListArgs> = {
  invocation: `${INVOCATION} list`,
  usage: LIST_USAGE,
  parse(argv) {
    const { values } = parseCommandLine(argv, { status: { type: 'string' }, ...HELP_OPTION });
    if (values.help) return HELP;
    const status = values.status?.trim();
    if (status === undefined) return {};
    const known = AGREEMENT_STATUSES.find((s) => s === status);
    if (!known) throw new UsageError(`Unknown status "${status}": use one of ${AGREEMENT_STATUSES.join(', ')}.`);
    return { status: known };
  },
  context: () => ({ module: PeriodicListModule, command: ListCommand }),
};

const PAPER_RECEIVED: CommandLine<PaperArgs> = {
  invocation: `${INVOCATION} paper-received`,
  usage: PAPER_USAGE,
  parse(argv) {
    const { values, positionals } = parseCommandLine(
      argv,
      { 'donor-name': { type: 'string' }, 'partner-name': { type: 'string' }, ...HELP_OPTION },
      true,
    );
    if (values.help) return HELP;
    return {
      transactionNumber: transactionNumberOf(positionals),
      donorName: textOption('donor-name', values['donor-name'], PERIODIC_LIMITS.signatureName, 'line'),
      partnerName: textOption('partner-name', values['partner-name'], PERIODIC_LIMITS.signatureName, 'line'),
    };
  },
  context: () => ({ module: PeriodicPaperModule, command: PaperReceivedCommand }),
};

const COUNTERSIGN: CommandLine<CountersignArgs> = {
  invocation: `${INVOCATION} countersign`,
  usage: COUNTERSIGN_USAGE,
  withSignatory: true,
  parse(argv) {
    const { values, positionals } = parseCommandLine(
      argv,
      { name: { type: 'string' }, function: { type: 'string' }, ...HELP_OPTION },
      true,
    );
    if (values.help) return HELP;
    return {
      transactionNumber: transactionNumberOf(positionals),
      name: textOption('name', values.name, SIGNATORY_TEXT_MAX_LENGTH, 'line'),
      function: textOption('function', values.function, SIGNATORY_TEXT_MAX_LENGTH, 'line'),
    };
  },
  context: () => ({ module: PeriodicCountersignModule, command: CountersignCommand }),
};

const PDF: CommandLine<PdfArgs> = {
  invocation: `${INVOCATION} pdf`,
  usage: PDF_USAGE,
  parse(argv) {
    const { values, positionals } = parseCommandLine(
      argv,
      { 'as-read': { type: 'boolean' }, output: { type: 'string', short: 'o' }, ...HELP_OPTION },
      true,
    );
    if (values.help) return HELP;
    const transactionNumber = transactionNumberOf(positionals);
    const output = values.output?.trim();
    if (output === '') throw new UsageError('--output needs a file name.');
    if (!output && process.stdout.isTTY) {
      throw new UsageError(`A PDF cannot be shown in a terminal: add --output ${transactionNumber}.pdf.`);
    }
    return { transactionNumber, asRead: values['as-read'] === true, output };
  },
  context: () => ({ module: PeriodicPdfModule, command: PdfCommand }),
};

/** `npm run periodic -- <subcommand>`: staff work on periodic gift agreements (docs/staff-exports.md). */
runSubcommands(
  USAGE,
  new Map([
    ['list', (argv) => runCommand(LIST, argv)],
    ['paper-received', (argv) => runCommand(PAPER_RECEIVED, argv)],
    ['countersign', (argv) => runCommand(COUNTERSIGN, argv)],
    ['pdf', (argv) => runCommand(PDF, argv)],
  ]),
);
