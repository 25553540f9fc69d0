import { loadCommandConfig } from '../src/config/app-config';
import { PrismaService } from '../src/database/prisma.service';
import { COUNT_DEADLINE_MS, FAIL_OPEN_MS, PostgresRateLimitStore } from '../src/rate-limit/postgres-rate-limit.store';
import { freePort } from './support/faults-app';
import { sql, waitFor } from './support/submissions';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The per-address limits counted in PostgreSQL (RATE_LIMIT_STORE=postgres, docs/architecture.md §9.4): two stores on
 * two Prisma clients stand for two instances of the site; they must count as one, with the same rules as the memory
 * store (rate-limit.storage.spec.ts): the first hit over the limit blocks the key for a window, refused hits are not
 * counted, the previous window still counts by how much of it overlaps.
 */
describe('PostgresRateLimitStore: one limit for every instance', () => {
  let database: TestDatabase;
  const clients: PrismaService[] = [];
  const stores: PostgresRateLimitStore[] = [];
  const WINDOW_MS = 2_000;
  const allowed = { isBlocked: false, refusals: 0 };

  /**
   * A store on a Prisma client of its own (an instance) with a window of `windowMs`, optionally on another database.
   * The tests of counting give a count 30 s before it passes uncounted: on a busy machine a statement can take longer
   * than the production deadline, and a hit that passed uncounted would read as a counting error. The last test uses
   * the production deadline.
   */
  function instance(windowMs = WINDOW_MS, url = database.url, deadlineMs = 30_000): PostgresRateLimitStore {
    const prisma = new PrismaService(loadCommandConfig({ DATABASE_URL: url }).database);
    const store = new PostgresRateLimitStore(prisma, windowMs, deadlineMs);
    clients.push(prisma);
    stores.push(store);
    return store;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const store of stores) store.onModuleDestroy();
    await Promise.all(clients.map((client) => client.$disconnect()));
    await database.drop();
  });

  it('allows the limit over both instances together, then blocks for a window without counting blocked hits', async () => {
    const [a, b] = [instance(), instance()];
    const hit = (store: PostgresRateLimitStore) => store.hit('post:/api/send-email:203.0.113.1', 3);
    expect([await hit(a), await hit(b), await hit(a)]).toEqual([allowed, allowed, allowed]);
    expect(await hit(b)).toEqual({ isBlocked: true, refusals: 1 });
    expect(await hit(a)).toEqual({ isBlocked: true, refusals: 2 });
    // Another address, and another route of the same address, have budgets of their own.
    expect(await a.hit('post:/api/send-email:203.0.113.2', 3)).toEqual(allowed);
    expect(await b.hit('post:/api/report-error:203.0.113.1', 3)).toEqual(allowed);
    // The block lasts one window from the first refusal; then the key starts afresh.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
    expect([await hit(b), await hit(a), await hit(b)]).toEqual([allowed, allowed, allowed]);
    expect((await hit(a)).isBlocked).toBe(true);
  });

  it('counts hits arriving at the same moment on two instances exactly: the limit, not one more', async () => {
    const [a, b] = [instance(60_000), instance(60_000)];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).hit('checkout:/api/create-checkout-session:198.51.100.7', 10),
      ),
    );
    expect(results.filter((result) => !result.isBlocked)).toHaveLength(10);
    // Every refusal has its own place in the block (the first one is what the checkout log line says once).
    expect(
      results
        .filter((result) => result.isBlocked)
        .map((result) => result.refusals)
        .sort((x, y) => x - y),
    ).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('counts batches of many addresses from two instances at once, in any order, without a deadlock', async () => {
    const [a, b] = [instance(60_000), instance(60_000)];
    const keys = Array.from({ length: 200 }, (_, i) => `post:/api/send-email:10.0.${i >> 8}.${i & 255}`);
    // Each instance sends its batch in the opposite order; each address may pass once.
    const results = await Promise.all([
      ...keys.map((key) => a.hit(key, 1)),
      ...[...keys].reverse().map((key) => b.hit(key, 1)),
    ]);
    expect(results.filter((result) => !result.isBlocked)).toHaveLength(keys.length);
    expect(results.filter((result) => result.isBlocked && result.refusals === 1)).toHaveLength(keys.length);
  });

  it('still counts the previous window by how much of it overlaps the last window', async () => {
    const a = instance();
    const key = 'post:/api/send-email:192.0.2.55';
    const limit = 30;
    for (let i = 0; i < limit; i++) expect(await a.hit(key, limit)).toEqual(allowed);
    // Just into the next window most of the previous one still overlaps: of its 30 hits about 30 x (1 - elapsed / window)
    // still count, so only a few more pass. Not counting it would let all 30 pass; a slow machine lets a few more
    // through (the further into the window, the less the previous one weighs), never all.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 150));
    let passed = 0;
    while (passed <= limit && !(await a.hit(key, limit)).isBlocked) passed++;
    expect(passed).toBeGreaterThanOrEqual(1);
    expect(passed).toBeLessThanOrEqual(20);
  });

  it('stores an overlong key by its hash and limits it all the same', async () => {
    const a = instance(60_000);
    const key = `post:/api/send-email:${'x'.repeat(5_000)}`;
    expect(await a.hit(key, 1)).toEqual(allowed);
    expect(await a.hit(key, 1)).toEqual({ isBlocked: true, refusals: 1 });
    const rows = await sql<{ key: string }>(
      { database },
      "SELECT key FROM rate_limit_counters WHERE key LIKE 'sha256:%'",
    );
    expect(rows).toEqual([{ key: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);
  });

  it('deletes the rows of idle addresses after two windows, without any request (docs/privacy.md)', async () => {
    const sweeping = instance(300);
    await sweeping.hit('post:/api/send-email:192.0.2.200', 5);
    const rows = () => sql({ database }, "SELECT 1 FROM rate_limit_counters WHERE key LIKE '%192.0.2.200'");
    expect(await rows()).toHaveLength(1);
    await waitFor(async () => (await rows()).length === 0, 5_000, 'the idle key to be deleted');
  });

  it('lets requests pass uncounted while PostgreSQL cannot count, and does not ask again for a few seconds', async () => {
    const unreachable = new URL(database.url);
    unreachable.port = String(await freePort()); // nothing listens there
    const store = instance(60_000, unreachable.toString(), COUNT_DEADLINE_MS);
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect(await store.hit('post:/api/send-email:192.0.2.9', 1)).toEqual(allowed);
    // One failed attempt (refused at once, or at the deadline); the other four did not wait for the database.
    expect(Date.now() - started).toBeLessThan(COUNT_DEADLINE_MS + 500);
    expect(FAIL_OPEN_MS).toBeGreaterThan(COUNT_DEADLINE_MS);
  });
});
