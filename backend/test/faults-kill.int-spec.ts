import {
  ALL_DELIVERED_ONCE,
  AppProcess,
  freePort,
  requireBuild,
  runConcurrently,
  settledDeliveries,
  startStubs,
  submitUnique,
  type FaultStubs,
} from './support/faults-app';
import { FAST_RETRY_ENV } from './support/submissions';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const BURST = 500;
const CONCURRENCY = 20;
/** The server is killed as soon as this many submissions have been answered 201. */
const KILL_AFTER_ACCEPTED = 200;

describe('issue 8: the server killed with SIGKILL in the middle of a burst of submissions', () => {
  let stubs: FaultStubs;
  let database: TestDatabase;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    requireBuild();
    stubs = await startStubs();
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.stop('SIGKILL');
    await stubs?.stop();
    await database?.drop();
  }, 60_000);

  it('keeps every submission that was answered 2xx, and emails each stored one exactly once after a restart', async () => {
    const env = stubs.env(database.url, await freePort(), FAST_RETRY_ENV);
    const first = AppProcess.main(env);
    apps.push(first);
    await first.waitReady();

    let accepted = 0;
    let mailsAtKill = -1;
    const results = await runConcurrently(BURST, CONCURRENCY, async (i) => {
      const result = await submitUnique(first.url, `kill-${i}@example.org`);
      if (result.status === 201 && ++accepted === KILL_AFTER_ACCEPTED) {
        mailsAtKill = stubs.smtp.messages.length;
        first.child.kill('SIGKILL');
      }
      return result;
    });
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    // Before the kill every request was accepted; after it, connections fail. Nothing else (no 5xx).
    const statuses = new Set(results.map((r) => r.status));
    expect([...statuses].sort()).toEqual([0, 201]);
    const answered = results.filter((r) => r.status === 201);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);
    expect(answered.length).toBeLessThan(BURST);
    // The kill landed while the worker was sending (or about to): not everything was mailed yet.
    expect(mailsAtKill).toBeLessThan(2 * KILL_AFTER_ACCEPTED);

    // The same server, restarted on the same database and port, finishes what the killed one left.
    const second = AppProcess.main(env);
    apps.push(second);
    await second.waitReady();
    // Jobs the killed process had claimed come back once their heartbeat is stale and pg-boss's monitor runs (60 s).
    const { rows, report } = await settledDeliveries(database.url, stubs.smtp, 240_000, () => second.log());

    const rowsByEmail = new Map<string, typeof rows>();
    for (const row of rows) rowsByEmail.set(row.email, [...(rowsByEmail.get(row.email) ?? []), row]);
    // Every 2xx has exactly its own row, under the id it was told.
    const lost = answered.filter((r) => rowsByEmail.get(r.email)?.[0]?.id !== r.json.id);
    expect(lost).toEqual([]);
    expect([...rowsByEmail.values()].filter((same) => same.length > 1)).toEqual([]);
    // A request cut off by the kill may have committed without hearing back (at most one per connection).
    const sent = new Set(results.map((r) => r.email));
    expect(rows.every((row) => sent.has(row.email))).toBe(true);
    expect(rows.length - answered.length).toBeLessThanOrEqual(CONCURRENCY);

    expect(report).toEqual(ALL_DELIVERED_ONCE);

    await second.stop('SIGTERM');
    expect(second.child.exitCode === 0 || second.child.signalCode === 'SIGTERM').toBe(true);
  }, 420_000);
});
