import { migrate } from '../src/database/migrator';
import {
  AppProcess,
  burst,
  expectEachEmailedOnce,
  readyStatus,
  requireBuild,
  startStubs,
  storedSubmissions,
  submitUnique,
  waitUntil,
  type FaultStubs,
  type SubmitResult,
} from './support/faults-app';
import { PrivatePostgres } from './support/faults-postgres';
import { FAST_RETRY_ENV } from './support/submissions';

/** Visitors keep sending forms, a few at a time, until told to stop. */
class Load {
  readonly results: SubmitResult[] = [];
  private running = true;
  private sent = 0;
  private readonly lanes: Promise<void>[];

  constructor(url: string, concurrency: number) {
    this.lanes = Array.from({ length: concurrency }, async () => {
      while (this.running) {
        this.results.push(await submitUnique(url, `load-${this.sent++}@example.org`));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
  }

  count(status: number): number {
    return this.results.filter((r) => r.status === status).length;
  }

  async stop(): Promise<SubmitResult[]> {
    this.running = false;
    await Promise.all(this.lanes);
    return this.results;
  }
}

describe('PostgreSQL restarted under load (a private server, really stopped and started)', () => {
  let postgres: PrivatePostgres;
  let databaseUrl: string;
  let stubs: FaultStubs;
  let app: AppProcess;

  beforeAll(async () => {
    requireBuild();
    postgres = await PrivatePostgres.create();
    databaseUrl = await postgres.createDatabase('site');
    await migrate(databaseUrl);
    stubs = await startStubs();
    app = AppProcess.main(await stubs.env(databaseUrl, FAST_RETRY_ENV));
    await app.waitReady();
  }, 120_000);

  afterAll(async () => {
    await app?.stop('SIGTERM');
    await stubs?.stop();
    await postgres?.destroy();
  }, 120_000);

  it('answers 503 (JSON, clear, no stack) and not ready while down, recovers by itself, and loses no email', async () => {
    const load = new Load(app.url, 4);
    await waitUntil(
      () => load.count(201) >= 20,
      60_000,
      () => 'the first 20 submissions to be accepted',
    );

    await postgres.stop();

    // While the database is down: clear refusals under load, and the orchestrator sees "not ready".
    const down = await waitUntil(
      async () => {
        const result = await submitUnique(app.url, 'while-down@example.org');
        return result.status === 503 && result;
      },
      60_000,
      () => `a 503 while PostgreSQL is stopped\n${app.log()}`,
    );
    expect(down.json).toEqual({
      success: false,
      error: expect.stringMatching(/temporarily unavailable.*Nothing was saved/),
    });
    expect(down.text).not.toMatch(/ECONNREFUSED|prisma|node_modules|\/work\/|at \w+ \(/i);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', detail: 'database unreachable' });
    const refusedBefore = load.count(503);
    await waitUntil(
      () => load.count(503) >= refusedBefore + 10,
      60_000,
      () => `more refusals from the load while PostgreSQL is stopped\n${app.log()}`,
    );
    expect(app.exited).toBe(false);

    await postgres.start();

    // The same process, never restarted, becomes ready and accepts forms again.
    await waitUntil(
      async () => (await readyStatus(app.url)) === 200,
      90_000,
      () => `/readyz to answer 200 after PostgreSQL is back\n${app.log()}`,
    );
    const acceptedAtRecovery = load.count(201);
    await waitUntil(
      () => load.count(201) >= acceptedAtRecovery + 20,
      90_000,
      () => `the load to be accepted again after PostgreSQL is back\n${app.log()}`,
    );
    const results = await load.stop();
    const after = await burst('after', 10, { concurrency: 2, target: () => app.url });
    expect(after.map((r) => r.status)).toEqual(new Array(10).fill(201));

    // Every answer was either "stored" or the clear 503; never a 500, a hang or a dropped connection.
    const all = [...results, ...after];
    const statuses = [...new Set(all.map((r) => r.status))].sort();
    // On failure, show what the app logged for any answer other than "stored" or the clear 503.
    const unexpectedErrors = statuses.every((status) => status === 201 || status === 503)
      ? []
      : app
          .log()
          .split('\n')
          .filter((line) => line.includes('"level":50') && !line.includes('DatabaseUnavailableError'));
    expect({ statuses, unexpectedErrors }).toEqual({ statuses: [201, 503], unexpectedErrors: [] });
    for (const refused of all.filter((r) => r.status === 503)) {
      expect(refused.json).toEqual({ success: false, error: down.json.error });
    }

    // 201 means stored (under the id it was told); 503 says "nothing was saved", and nothing was.
    const rows = await storedSubmissions(databaseUrl);
    const idByEmail = new Map(rows.map((row) => [row.email, row.id]));
    const accepted = all.filter((r) => r.status === 201);
    expect(accepted.filter((r) => idByEmail.get(r.email) !== r.json.id)).toEqual([]);
    expect(rows.length).toBe(accepted.length);

    // The email worker recovered too: everything accepted before, during and after is emailed exactly once.
    expect(await expectEachEmailedOnce(databaseUrl, stubs.smtp, 120_000, () => app.log())).toHaveLength(rows.length);
  }, 600_000);
});
