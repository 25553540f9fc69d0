import { Client } from 'pg';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * What every staff command has in common (cli/cli-runner.ts), run as staff run them: the built commands as child
 * processes. The commands' own work is tested in exports.int-spec.ts and lifecycle.int-spec.ts.
 */
const COMMANDS: Array<[string, string[]]> = [
  ['export', ['submissions']],
  ['purge', ['--dry-run']],
  ['erase', ['--email', 'someone@example.org', '--dry-run']],
  ['mail', ['status']],
  ['mail', ['retry']],
];

beforeAll(() => assertCliBuilt());

describe('every staff command', () => {
  it.each(COMMANDS)('%s %j says in one line that the database cannot be reached, exit code 1', async (name, args) => {
    const run = await runCommand(name, args, { DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/nowhere' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Cannot connect to the database at 127.0.0.1:1/nowhere (ECONNREFUSED). Is PostgreSQL running and DATABASE_URL right?\n',
    );
    expect(run.stdout.length).toBe(0);
  });

  it.each(['export', 'purge', 'erase', 'mail'])(
    '%s --help prints its usage without any configuration',
    async (name) => {
      const run = await runCommand(name, ['--help'], {});
      expect(run.code).toBe(0);
      expect(run.stdout.toString()).toMatch(new RegExp(`^Usage: npm run ${name} --`));
      expect(run.stderr).toBe('');
    },
  );

  it.each(COMMANDS)('%s %j names a bad retention period and nothing else, exit code 1', async (name, args) => {
    const run = await runCommand(name, args, {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere',
      RETENTION_DAYS_CONTACT: 'soon',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration:\n  - RETENTION_DAYS_CONTACT must be a positive whole number (got "soon")\n',
    );
  });
});

describe('the job queue', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('is left alone by every command but mail retry (no pg-boss schema appears)', async () => {
    for (const [name, args] of COMMANDS.filter(([, args]) => args[0] !== 'retry')) {
      const run = await runCommand(name, args, { DATABASE_URL: database.url });
      expect({ name, code: run.code, stderr: run.stderr }).toEqual({ name, code: 0, stderr: '' });
    }
    const { rows } = await db.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = 'pgboss'");
    expect(rows).toEqual([]);
  });
});
