import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppProcess, readyStatus, REPO_ROOT, useFaultFixture, waitUntil } from './support/faults-app';
import { sql } from './support/submissions';
import { TcpProxy } from './support/tcp-proxy';

/**
 * /readyz is public and polled by orchestrators: each call is one small query. The migrations this build needs are
 * read from prisma/migrations once, at start (they cannot change while the process runs). Ready means: the
 * database answers and has applied every one of them, so a database restored from before a migration is not ready.
 *
 * The app runs from a copy of the build with its own copy of prisma/migrations, which the test then removes.
 */
describe('/readyz', () => {
  const fixture = useFaultFixture();
  let copy: string;
  let proxy: TcpProxy;
  let app: AppProcess;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'readyz-'));
    await cp(join(REPO_ROOT, 'backend/dist'), join(copy, 'backend/dist'), { recursive: true });
    await cp(join(REPO_ROOT, 'prisma/migrations'), join(copy, 'prisma/migrations'), { recursive: true });
    // The emails' words are read from the site's translation files, as in the image (docker/Dockerfile).
    await cp(join(REPO_ROOT, 'frontend/src/locales'), join(copy, 'frontend/src/locales'), { recursive: true });
    await symlink(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
    const server = new URL(fixture.database.url);
    proxy = await new TcpProxy(server.hostname, Number(server.port || 5432)).start();
    const env = await fixture.stubs.env(proxy.rewrite(fixture.database.url), {
      STATIC_DIR: join(REPO_ROOT, 'frontend/build'),
    });
    app = AppProcess.main(env, join(copy, 'backend/dist/main.js'));
    fixture.apps.push(app);
    await app.waitReady();
  }, 120_000);
  afterAll(async () => {
    await proxy?.cut();
    await rm(copy, { recursive: true, force: true });
  });

  const readyz = async () => {
    const response = await fetch(`${app.url}/readyz`);
    return { status: response.status, body: (await response.json()) as { status: string; detail?: string } };
  };

  it('reads the migrations folder only at start: removing it afterwards changes nothing', async () => {
    await rm(join(copy, 'prisma/migrations'), { recursive: true });
    for (let i = 0; i < 5; i++) expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while the database lacks a migration this build needs (restored from an older backup)', async () => {
    const [latest] = await sql(
      fixture,
      'DELETE FROM "_prisma_migrations" WHERE migration_name = (SELECT max(migration_name) FROM "_prisma_migrations") RETURNING *',
    );
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body).toEqual({ status: 'not ready', detail: `migrations not applied: ${String(latest.migration_name)}` });
    } finally {
      const columns = Object.keys(latest);
      await sql(
        fixture,
        `INSERT INTO "_prisma_migrations" (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(latest),
      );
    }
    expect((await readyz()).status).toBe(200);
  });

  it('lets concurrent calls share one check: a flood of /readyz holds one database connection', async () => {
    const waiting = async () =>
      (
        await sql<{ n: number }>(
          fixture,
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE '%unnest(%' AND pid <> pg_backend_pid()`,
        )
      )[0].n;
    // Holds every readiness query at the table until the test lets go.
    const locker = new Client({ connectionString: fixture.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "_prisma_migrations" IN ACCESS EXCLUSIVE MODE');
      const calls = Array.from({ length: 20 }, () => readyz());
      await waitUntil(
        async () => (await waiting()) > 0,
        10_000,
        () => 'a readiness query to reach PostgreSQL',
      );
      await new Promise((resolve) => setTimeout(resolve, 500)); // room for more queries, if calls sent their own
      expect(await waiting()).toBe(1);
      await locker.query('COMMIT');
      expect((await Promise.all(calls)).map(({ status }) => status)).toEqual(new Array(20).fill(200));
    } finally {
      await locker.end();
    }
  });

  it('answers 503 while the database is unreachable, and 200 again once it is back', async () => {
    await proxy.cut();
    expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', detail: 'database unreachable' } });
    await proxy.restore();
    await waitUntil(
      async () => (await readyStatus(app.url)) === 200,
      30_000,
      () => `/readyz 200 again\n${app.log()}`,
    );
  });
});
