import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort, REPO_ROOT } from './faults-app';

const run = promisify(execFile);

/**
 * PostgreSQL's server programs (initdb, pg_ctl): PG_BIN_DIR, else where scripts/find-tools.mjs finds them (Debian,
 * Fedora and Homebrew install folders, pg_config, postgres on PATH), the same search `npm test` checks first.
 */
function binDir(): string {
  try {
    return execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/find-tools.mjs'), 'pg-bin-dir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    throw new Error(
      'No PostgreSQL server programs found (initdb, pg_ctl): install the server package, or set PG_BIN_DIR',
    );
  }
}

/** The account that owns the cluster: initdb refuses root, so root runs it as `postgres`. */
function owner(): { uid: number; gid: number; name: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, but there is no postgres account to own a private cluster');
  const [name, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * A PostgreSQL server of the test's own (fresh cluster in a temporary folder, loopback only, a free port), so a
 * test can stop and start it without touching the shared server. `destroy()` stops it and removes the folder.
 */
export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly account: ReturnType<typeof owner>,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const account = owner();
    const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
    if (account) chownSync(dir, account.uid, account.gid);
    const server = new PrivatePostgres(dir, await freePort(), binDir(), account);
    await server.exec('initdb', ['-D', server.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private async exec(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [command, argv] = this.account ? ['runuser', ['-u', this.account.name, '--', path, ...args]] : [path, args];
    try {
      await run(command, argv, { cwd: this.dir, timeout: 60_000 });
    } catch (error) {
      const failure = error as { stderr?: string; message: string };
      const log = existsSync(join(this.dir, 'log')) ? readFileSync(join(this.dir, 'log'), 'utf8').slice(-2000) : '';
      throw new Error(`${program} failed: ${failure.stderr || failure.message}\n${log}`, { cause: error });
    }
  }

  /** Starts the server (again) on the same port and data; returns once it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=100`;
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  }

  /** Stops the server the way an operator's restart does (`pg_ctl stop -m fast`: sessions are terminated). */
  async stop(): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  url(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
