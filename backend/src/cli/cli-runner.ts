import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Client } from 'pg';
import { ConfigError, readRetentionDays, type Env, type RetentionDays } from '../config/app-config';

/**
 * Shared plumbing of the staff commands (export, purge, erase, mail): argument parsing with one-line errors,
 * the little configuration they need, a database connection with a readable failure, and exit codes.
 * Exit codes: 0 done, 1 the work failed (database unreachable, ...), 2 bad arguments. Never a stack trace.
 */
export class UsageError extends Error {}

/** The database could not be reached; the message is safe to print (no password). */
export class DatabaseUnavailableError extends Error {}

export interface CliConfig {
  databaseUrl: string;
  retentionDays: RetentionDays;
}

/** The CLI needs only DATABASE_URL (and the retention periods), not the web app's variables. */
export function loadCliConfig(env: Env = process.env): CliConfig {
  const problems: string[] = [];
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL is required (a postgresql:// URL)');
  }
  const retentionDays = readRetentionDays(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { databaseUrl, retentionDays };
}

/** host:port/database of a connection string, without user or password, for messages. */
export function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function connectDatabase(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A dropped connection mid-export surfaces through the running query; this only keeps it from crashing Node.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new DatabaseUnavailableError(
      `Cannot connect to the database at ${describeDatabase(databaseUrl)} (${reason}). Is PostgreSQL running and DATABASE_URL right?`,
    );
  }
  return client;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** util.parseArgs (strict) with its errors turned into one plain sentence. */
export function parseCommandLine<T extends Options>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option ${option ?? ''}.`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`Unexpected argument ${option ?? ''}.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /--[\w-]+/.exec(message)?.[0] ?? option ?? 'An option';
      throw new UsageError(`${name} needs a value.`);
    }
    throw new UsageError(message.split('\n')[0]);
  }
}

/**
 * Runs one command's main function and maps its outcome to an exit code and one line on stderr.
 * `command` is how staff type it (`npm run export --`), for the hint.
 */
export function runCli(command: string, main: (argv: string[]) => Promise<void>): void {
  main(process.argv.slice(2)).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\nRun \`${command} --help\` for usage and examples.\n`);
        process.exitCode = 2;
      } else if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
        process.exitCode = 1;
      } else {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`${message.split('\n')[0]}\n`);
        process.exitCode = 1;
      }
    },
  );
}
