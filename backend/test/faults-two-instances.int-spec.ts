import { readMigrations } from '../src/database/migrator';
import { AppProcess, burst, expectEachEmailedOnce, useFaultFixture } from './support/faults-app';
import { sql } from './support/submissions';

const BURST = 300;

describe('two app containers started at the same moment on one fresh, empty database', () => {
  const fixture = useFaultFixture({ migrate: false });
  const { apps } = fixture;

  it('both migrate through the container entrypoint (advisory lock) and start cleanly', async () => {
    const { stubs, database } = fixture;
    const envs = [await stubs.env(database.url), await stubs.env(database.url)];
    // Same tick: each runs docker/entrypoint.sh serve, i.e. `node backend/dist/cli/migrate.js` then the site.
    apps.push(...envs.map((env) => AppProcess.entrypoint(env)));
    await Promise.all(apps.map((app) => app.waitReady(120_000)));

    const expected = readMigrations().map((m) => m.name);
    const recorded = await sql(
      { database },
      'SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(recorded.map((row) => row.migration_name)).toEqual(expected);
    expect(recorded.every((row) => row.finished_at instanceof Date)).toBe(true);
    // One applied the migrations, the other waited for the lock and found nothing left to do.
    const outputs = apps.map((app) => app.log());
    expect(outputs.filter((out) => out.includes(`Applied ${expected.length} migration(s).`))).toHaveLength(1);
    expect(outputs.filter((out) => out.includes('Database is up to date'))).toHaveLength(1);
    expect(outputs.join('\n')).not.toMatch(/Migration failed|"level":(50|60)|Error:/);
    expect(apps.every((app) => !app.exited)).toBe(true);
  }, 180_000);

  it('stores a burst spread over both once each and emails every submission exactly once', async () => {
    expect(apps).toHaveLength(2);
    const results = await burst('pair', BURST, { concurrency: 20, target: (i) => apps[i % 2].url });
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.email}: ${r.status} ${r.text}`)).toEqual([]);

    // Both workers compete for the same queue; each job is claimed by one of them.
    const context = () => apps.map((app) => app.log()).join('\n---\n');
    const rows = await expectEachEmailedOnce(fixture.database.url, fixture.stubs.smtp, 180_000, context);
    expect(rows).toHaveLength(BURST);
    const idByEmail = new Map(rows.map((row) => [row.email, row.id]));
    expect(idByEmail.size).toBe(BURST);
    expect(results.filter((r) => idByEmail.get(r.email) !== r.json.id)).toEqual([]);
    expect(apps.every((app) => !app.exited)).toBe(true);
  }, 300_000);
});
