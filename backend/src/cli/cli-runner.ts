import type { LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { hasControlCharacters } from '@stichting/contracts';
import { Client } from 'pg';
import { ConfigError, loadCommandConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';

/**
 * The staff commands (`npm run export | purge | erase | mail | donations`, docs/staff-exports.md) all run the same way
 * (runCommand): read the arguments, before anything else, so a typo costs nothing → load the configuration
 * (DATABASE_URL and the retention periods; the Stripe key for a command that reads from Stripe) → check that the database answers → build the command's own small
 * Nest application context: its module, holding the command and the domain services it injects, and nothing else
 * (no web server, no mail worker, and the job queue only where the work needs it) → run → close → exit code.
 *
 * Exit codes: 0 done; 1 the work failed, said in one line on stderr (never a stack trace); 2 wrong arguments, said
 * in one line with a hint to --help.
 */

/** Wrong arguments: exit code 2, the message and a hint to --help. */
export class UsageError extends Error {}

/** What `parse` returns for --help: the command prints its usage and does nothing else. */
export const HELP = Symbol('help');

/** The work of a command: an injectable in the command's module, whose constructor names the services it needs. */
export interface Command<Args> {
  run(args: Args): Promise<void>;
}

export interface CommandLine<Args> {
  /** How staff type it, for the hint after a usage error: `npm run export --`. */
  invocation: string;
  usage: string;
  /** Reads and checks the arguments (UsageError with one clear sentence); HELP for --help. */
  parse(argv: string[]): Args | typeof HELP;
  /** The command reads from Stripe: it needs STRIPE_SECRET_KEY too (docs/architecture.md §6). */
  withStripe?: boolean;
  /** The command countersigns periodic gift agreements: it reads PERIODIC_GIFT_SIGNATORY_NAME/FUNCTION too. */
  withSignatory?: boolean;
  /** The module to build for these arguments, and the command in it that does the work. */
  context(args: Args): { module: Type; command: Type<Command<Args>> };
}

/** Runs a staff command with this process's arguments (or the given ones) and sets its exit code. */
export function runCommand<Args>(line: CommandLine<Args>, argv: string[] = process.argv.slice(2)): void {
  void execute(line, argv).then((code) => {
    process.exitCode = code;
  });
}

/**
 * A command of subcommands (`npm run donations -- reconcile …`): runs the one named by the first argument with the
 * rest; prints `usage` for --help (exit 0) or without a subcommand (exit 2), and names an unknown one (exit 2).
 */
export function runSubcommands(
  usage: string,
  subcommands: Map<string, (argv: string[]) => void>,
  argv: string[] = process.argv.slice(2),
): void {
  const [name, ...rest] = argv;
  const run = name === undefined ? undefined : subcommands.get(name);
  if (run) {
    run(rest);
  } else if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(`${usage}\n`);
    process.exitCode = name === undefined ? 2 : 0;
  } else {
    process.stderr.write(`Unknown subcommand "${name}".\n${usage}\n`);
    process.exitCode = 2;
  }
}

async function execute<Args>(line: CommandLine<Args>, argv: string[]): Promise<number> {
  try {
    const args = line.parse(argv);
    if (args === HELP) {
      process.stdout.write(`${line.usage}\n`);
      return 0;
    }
    const config = loadCommandConfig(process.env, {
      withStripe: line.withStripe,
      withSignatory: line.withSignatory,
    });
    await checkDatabase(config.database.url);
    const { module, command } = line.context(args);
    const context = await NestFactory.createApplicationContext(
      { module, imports: [ConfigModule.forCommand(config)] },
      { logger: new CommandLogger(), abortOnError: false },
    );
    try {
      await context.get(command).run(args);
    } finally {
      await context.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nRun \`${line.invocation} --help\` for usage and examples.\n`);
      return 2;
    }
    // A configuration error names every bad variable, one per line; anything else is said in its first line.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof ConfigError ? message : message.split('\n')[0]}\n`);
    return 1;
  }
}

/**
 * One plain connection before anything else: Prisma and pg-boss would retry a refused connection on their own, and
 * staff should hear at once, in one sentence, where the command tried to connect (without the password).
 */
async function checkDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
    const reason = code || (error instanceof Error ? error.message : String(error));
    throw new Error(
      `Cannot connect to the database at ${describeDatabase(databaseUrl)} (${reason}). Is PostgreSQL running and DATABASE_URL right?`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** host:port/database of a connection string, without user or password, for messages. */
function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Log lines of Nest and of the services inside a command: warnings and errors go to stderr, one line each, and
 * everything else is left out, so standard output carries only the command's own output (an export's CSV).
 */
class CommandLogger implements LoggerService {
  log(): void {}

  warn(...parts: unknown[]): void {
    this.write('warning', parts);
  }

  error(...parts: unknown[]): void {
    this.write('error', parts);
  }

  fatal(...parts: unknown[]): void {
    this.write('error', parts);
  }

  private write(level: string, parts: unknown[]): void {
    const text = parts.map((part) =>
      typeof part === 'string' ? part : part instanceof Error ? part.message : JSON.stringify(part),
    );
    process.stderr.write(`${level}: ${text.join(' ')}\n`);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** util.parseArgs (strict) with its errors turned into one plain sentence (a UsageError). */
export function parseCommandLine<T extends Options>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const code = 'code' in error ? error.code : undefined;
    const option = /'([^']+)'/.exec(error.message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option ${option ?? ''}.`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`Unexpected argument ${option ?? ''}.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /--[\w-]+/.exec(error.message)?.[0] ?? option ?? 'An option';
      throw new UsageError(`${name} needs a value.`);
    }
    throw new UsageError(error.message.split('\n')[0]);
  }
}

/** YYYY-MM-DD and a real calendar day (2026-02-30 is refused); a UsageError naming `option` otherwise. */
export function parseDay(option: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`Invalid date "${value}" for ${option}: use YYYY-MM-DD, for example 2026-03-01.`);
  }
  return value;
}

/**
 * A free-text option (a name, a note), trimmed; undefined when left out or blank. A UsageError naming the option when
 * it is longer than `max` or holds control characters (`line`: one line; `text`: line breaks allowed).
 */
export function textOption(
  option: string,
  value: string | undefined,
  max: number,
  kind: 'line' | 'text',
): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.length > max) throw new UsageError(`--${option} is at most ${max} characters (got ${text.length}).`);
  if (hasControlCharacters(text, kind)) {
    throw new UsageError(`--${option} must be plain text without control characters.`);
  }
  return text;
}
