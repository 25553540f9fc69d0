import { PgBoss } from 'pg-boss';
import { JOBS } from '../src/queue/jobs';

const RETENTION_QUEUE = 'retention-purge';
const { cron: RETENTION_CRON, timeZone: RETENTION_TIME_ZONE } = JOBS[RETENTION_QUEUE].schedule;
import { AppProcess, freePort, useFaultFixture, waitUntil } from './support/faults-app';
import { sql } from './support/submissions';

/**
 * The split deployment: web processes with RUN_WORKER=false and one `npm run worker`, as built (dist/main.js and
 * dist/worker.js) on one database. The nightly purge must be scheduled and run by exactly one of them.
 */
describe('retention purge with RUN_WORKER=false and a separate worker process', () => {
  const fixture = useFaultFixture();
  const db = <T extends Record<string, unknown>>(text: string) => sql<T>({ database: fixture.database }, text);
  const retentionSchedules = () =>
    db<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = '${RETENTION_QUEUE}'`,
    ).catch(() => []);
  const purgeLines = (app: AppProcess) =>
    app
      .log()
      .split('\n')
      .filter((line) => line.includes('retention purge done'));

  const purges = async () =>
    (await db<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'purge'"))[0].n;

  /** What pg-boss's clock does at 03:30: one job on the queue (sent here, from outside the app processes). */
  async function sendScheduledJob(): Promise<void> {
    const boss = new PgBoss({
      connectionString: fixture.database.url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.send(RETENTION_QUEUE);
    await boss.stop({ graceful: false, close: true });
  }

  it('is scheduled and run by the worker process, never by the web process', async () => {
    await db(`INSERT INTO submissions (id, type, language, name, email, created_at) VALUES
      (gen_random_uuid(), 'contact', 'nl', 'Oud', 'old@example.org', now() - interval '400 days'),
      (gen_random_uuid(), 'contact', 'nl', 'Nieuw', 'new@example.org', now() - interval '10 days')`);
    const env = await fixture.stubs.env(fixture.database.url, {
      RUN_WORKER: 'false',
      RETENTION_DAYS_CONTACT: '365',
      LOG_LEVEL: 'info',
    });

    const web = AppProcess.main(env);
    fixture.apps.push(web);
    await web.waitReady();
    expect(await retentionSchedules()).toEqual([]);

    const worker = AppProcess.worker(env);
    fixture.apps.push(worker);
    await waitUntil(
      async () => (await retentionSchedules()).length > 0,
      30_000,
      () => `the worker process to schedule ${RETENTION_QUEUE}\n${worker.log()}`,
    );
    expect(await retentionSchedules()).toEqual([{ cron: RETENTION_CRON, timezone: RETENTION_TIME_ZONE }]);

    await sendScheduledJob();
    await waitUntil(
      async () => (await purges()) === 1,
      30_000,
      () => `the purge to run\nworker:\n${worker.log()}\nweb:\n${web.log()}`,
    );
    expect(await db('SELECT name FROM submissions')).toEqual([{ name: 'Nieuw' }]);
    expect(await purges()).toBe(1);
    expect(purgeLines(worker)).toHaveLength(1);
    expect(purgeLines(web)).toEqual([]);

    // Another web process with RUN_WORKER=true beside the worker: still one purge per scheduled run.
    const both = AppProcess.main({ ...env, PORT: String(await freePort()), RUN_WORKER: 'true' });
    fixture.apps.push(both);
    await both.waitReady();
    await sendScheduledJob();
    await waitUntil(
      async () => (await purges()) === 2,
      30_000,
      () => `the second purge to run\nworker:\n${worker.log()}\nweb:\n${both.log()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await purges()).toBe(2);
    expect(purgeLines(worker).length + purgeLines(both).length).toBe(2);
    expect(purgeLines(web)).toEqual([]);
  }, 120_000);
});
