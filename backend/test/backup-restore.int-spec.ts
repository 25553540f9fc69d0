import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { migrate } from '../src/database/migrator';
import { postJson, sendEmailBody, sql, waitForStatus } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const REPO_ROOT = join(__dirname, '../..');

/** The shell lines of the block in docs/operations.md that follows `<!-- marker -->`. */
async function readmeBlock(marker: string): Promise<string> {
  const readme = await readFile(join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const block = new RegExp(`<!-- ${marker} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
  if (!block) throw new Error(`docs/operations.md has no \`\`\`sh block after <!-- ${marker} -->`);
  return block;
}

/** Rows in every table of the site's schemas, by "schema.table". */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      counts[name] = rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * The backup and restore commands of docs/operations.md §9, run as written with the PostgreSQL client
 * programs of this machine: a dump of a live site's database restores into a new, empty database with every row,
 * and the app's own migration runner finds it up to date. The old advice (`pg_restore --clean` into a fresh
 * database) failed on objects that did not exist yet.
 */
describe('backup and restore as docs/operations.md says', () => {
  let stack: TestStack;
  let restored: TestDatabase;
  let workDir: string;

  beforeAll(async () => {
    stack = await startTestStack();
    restored = await createTestDatabase({ migrate: false });
    workDir = await mkdtemp(join(tmpdir(), 'site-backup-'));
  });
  afterAll(async () => {
    await stack?.close();
    await restored?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('dumps the live database, restores it into a new one with every row, and the migrator accepts it', async () => {
    const response = await postJson(stack, sendEmailBody('contact', { email: 'backup@example.org' }, 'en'));
    expect(response.status).toBe(201);
    const id = response.json.id as string;
    await waitForStatus(stack, id, 'sent');
    const before = await rowCounts(stack.database.url);
    expect(before['public.submissions']).toBe(1);
    expect(Object.keys(before).some((name) => name.startsWith('pgboss.'))).toBe(true);

    const run = await promisify(execFile)('sh', ['-ec', await readmeBlock('backup-restore')], {
      cwd: workDir,
      env: { PATH: process.env.PATH, DATABASE_URL: stack.database.url, RESTORE_URL: restored.url },
    });
    expect(run.stderr).toBe('');

    expect(await rowCounts(restored.url)).toEqual(before);
    const [row] = await sql({ database: restored }, 'SELECT email, email_status FROM submissions WHERE id = $1', [id]);
    expect(row).toEqual({ email: 'backup@example.org', email_status: 'sent' });
    const migrations = (await readdir(join(REPO_ROOT, 'prisma/migrations'), { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    const log: string[] = [];
    const result = await migrate(restored.url, (line) => log.push(line));
    expect(log).toEqual([]);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toHaveLength(migrations.length);
  });
});
