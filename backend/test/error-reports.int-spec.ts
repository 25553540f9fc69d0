import { Client } from 'pg';
import { ERROR_REPORT_LIMIT_PER_MINUTE } from '../src/error-reports/error-reports.controller';
import { STORED_COMPONENT_STACK_CHARS, STORED_STACK_CHARS } from '../src/error-reports/dto/error-report.dto';
import { AppProcess, useFaultFixture, waitUntil } from './support/faults-app';
import { sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/** Posts a report; `client` is the visitor's address a proxy in front would forward (apps with TRUST_PROXY=1). */
const reportTo = (url: string, body: unknown, client?: string) =>
  fetch(`${url}/api/report-error`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client ? { 'x-forwarded-for': client } : {}) },
    body: JSON.stringify(body),
  });

/** A visitor address of its own for each report of the caps tests. */
let visitors = 0;
const nextVisitor = () => `198.51.100.${++visitors}`;

describe('POST /api/report-error', () => {
  let stack: TestStack;
  let db: Client;
  beforeAll(async () => {
    stack = await startTestStack({ RATE_LIMIT_POST_PER_MINUTE: '1000' });
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  const report = (body: unknown) => reportTo(stack.url, body);

  it('stores a crash report and counts repeats of the same error instead of copying it', async () => {
    const crash = {
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: Cannot read properties of undefined\n    at Hero (/assets/home.js:1:200)\n    at div',
      componentStack: '\n    at Hero\n    at Home',
      url: 'http://127.0.0.1/en',
      userAgent: 'Mozilla/5.0',
      timestamp: new Date().toISOString(),
    };
    for (let i = 0; i < 3; i++) expect((await report(crash)).status).toBe(202);
    const { rows } = await db.query('SELECT message, occurrences, component_stack FROM error_reports');
    expect(rows).toEqual([{ message: crash.message, occurrences: 3, component_stack: crash.componentStack.trim() }]);
  });

  it('keeps the first page and browser of an error when it is reported again from elsewhere', async () => {
    const crash = { message: 'Repeated crash', stack: 'Error: Repeated crash\n    at Donate (/assets/donate.js:1:9)' };
    await report({ ...crash, url: 'http://127.0.0.1/doneren', userAgent: 'Firefox/140' });
    const repeat = await report({ ...crash, url: 'http://127.0.0.1/?utm=attacker', userAgent: 'Attacker/1.0' });
    expect(repeat.status).toBe(202);
    const { rows } = await db.query(
      "SELECT url, user_agent, occurrences FROM error_reports WHERE message = 'Repeated crash'",
    );
    expect(rows).toEqual([{ url: 'http://127.0.0.1/doneren', user_agent: 'Firefox/140', occurrences: 2 }]);
  });

  it('stores at most about 4 KB of stack and 2 KB of component stack of a 120 KB report, instead of refusing it', async () => {
    const response = await report({
      message: 'Huge stack',
      stack: `Error: Huge\n    at x (a.js:1:1)\n${'y'.repeat(60_000)}`,
      componentStack: `\n    at Page\n${'z'.repeat(60_000)}`,
    });
    expect(response.status).toBe(202);
    const { rows } = await db.query(
      "SELECT length(stack) AS stack, length(component_stack) AS component FROM error_reports WHERE message = 'Huge stack'",
    );
    expect(rows).toEqual([{ stack: STORED_STACK_CHARS, component: STORED_COMPONENT_STACK_CHARS }]);
    expect(STORED_STACK_CHARS).toBeLessThanOrEqual(4096);
    expect(STORED_COMPONENT_STACK_CHARS).toBeLessThanOrEqual(2048);
  });

  it('refuses a report without a message with a field error', async () => {
    const response = await report({ stack: 'x' });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toHaveProperty('message');
  });
});

describe('POST /api/report-error rate limit', () => {
  it(`answers 429 after ${ERROR_REPORT_LIMIT_PER_MINUTE} reports a minute from one client`, async () => {
    const stack = await startTestStack();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= ERROR_REPORT_LIMIT_PER_MINUTE; i++) {
        const response = await fetch(`${stack.url}/api/report-error`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: `crash ${i}` }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, ERROR_REPORT_LIMIT_PER_MINUTE).every((s) => s === 202)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await stack.close();
    }
  });
});

/** Jest's minute, plus the minute a test may wait for the next clock hour (awayFromTheHour). */
const HOUR_SAFE_TIMEOUT_MS = 150_000;

/**
 * The global caps, counted in PostgreSQL: built app processes (so their log lines can be read), two of them on one
 * database where the count must hold across instances. The reports come from many visitors (each its own address,
 * forwarded by a proxy), the flood these caps are for: the per-client limit, shared by every instance, stops none.
 */
describe('error report caps', () => {
  const fixture = useFaultFixture();
  const db = <T extends Record<string, unknown>>(text: string) => sql<T>({ database: fixture.database }, text);
  const storedCount = async () => Number((await db<{ n: string }>('SELECT count(*) AS n FROM error_reports'))[0].n);
  const logLines = (app: AppProcess, pattern: RegExp) =>
    app
      .log()
      .split('\n')
      .filter((line) => pattern.test(line));

  async function startApp(extra: Record<string, string>): Promise<AppProcess> {
    const app = AppProcess.main(
      await fixture.stubs.env(fixture.database.url, { LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...extra }),
    );
    fixture.apps.push(app);
    await app.waitReady();
    return app;
  }

  /**
   * Counts are per clock hour: a test that would straddle the hour waits for the next one instead, up to a minute,
   * so these tests get that minute on top of Jest's usual minute.
   */
  async function awayFromTheHour(): Promise<void> {
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 60_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 1000));
  }

  it(
    'stores at most ERROR_REPORTS_PER_HOUR new errors an hour across instances, answers 202, logs once',
    async () => {
      const apps = await Promise.all([1, 2].map(() => startApp({ ERROR_REPORTS_PER_HOUR: '4' })));
      await awayFromTheHour();
      const crash = (app: number, i: number) => ({
        message: `flood ${app}-${i}`,
        stack: `Error\n    at f${i} (x.js:1:1)`,
      });
      const statuses = await Promise.all(
        apps.flatMap((app, a) =>
          Array.from({ length: 6 }, (_, i) => reportTo(app.url, crash(a, i), nextVisitor()).then((r) => r.status)),
        ),
      );
      expect(statuses).toEqual(Array(12).fill(202));
      expect(await storedCount()).toBe(4);

      // A known error is still counted past the cap: it adds no row.
      const [known] = await db<{ message: string }>('SELECT message FROM error_reports LIMIT 1');
      const [a, i] = known.message.slice('flood '.length).split('-').map(Number);
      expect((await reportTo(apps[0].url, crash(a, i), nextVisitor())).status).toBe(202);
      expect(await db(`SELECT occurrences FROM error_reports WHERE message = '${known.message}'`)).toEqual([
        { occurrences: 2 },
      ]);
      expect(await storedCount()).toBe(4);

      // Each instance says so once for the hour, not once per refused report.
      for (const app of apps) {
        await waitUntil(
          () => logLines(app, /ERROR_REPORTS_PER_HOUR/).length > 0,
          10_000,
          () => app.log(),
        );
        expect(logLines(app, /ERROR_REPORTS_PER_HOUR/)).toHaveLength(1);
      }
      await Promise.all(apps.map((app) => app.stop()));
    },
    HOUR_SAFE_TIMEOUT_MS,
  );

  it(
    'lets one client store only its share (a tenth) of ERROR_REPORTS_PER_HOUR; others still get theirs',
    async () => {
      await db('DELETE FROM error_reports');
      const app = await startApp({ ERROR_REPORTS_PER_HOUR: '20' });
      await awayFromTheHour();
      const flooder = nextVisitor();
      for (let i = 0; i < 5; i++) {
        expect((await reportTo(app.url, { message: `one client ${i}` }, flooder)).status).toBe(202);
      }
      expect(await storedCount()).toBe(2);
      expect((await reportTo(app.url, { message: 'another client' }, nextVisitor())).status).toBe(202);
      expect(await db("SELECT message FROM error_reports WHERE message = 'another client'")).toHaveLength(1);
      // The row keeps no address of the client.
      expect(JSON.stringify(await db('SELECT * FROM error_reports'))).not.toContain(flooder);
      await app.stop();
    },
    HOUR_SAFE_TIMEOUT_MS,
  );

  it(
    'once the table holds ERROR_REPORTS_MAX_ROWS rows, the least recently seen give way to new errors; logs once',
    async () => {
      await db('DELETE FROM error_reports');
      await db(`INSERT INTO error_reports (id, fingerprint, message, first_seen_at, last_seen_at)
      SELECT gen_random_uuid(), 'old' || n, 'old error ' || n, now() - interval '5 days', now() - (4 - n) * interval '1 day'
      FROM generate_series(1, 3) AS n`);
      const app = await startApp({ ERROR_REPORTS_MAX_ROWS: '4' });
      await awayFromTheHour();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await reportTo(app.url, { message: `new error ${i}` }, nextVisitor())).status);
      }
      expect(statuses).toEqual([202, 202, 202]);
      const messages = (await db<{ message: string }>('SELECT message FROM error_reports ORDER BY message')).map(
        (row) => row.message,
      );
      // The two least recently seen old errors made room; the table never grew past its limit.
      expect(messages).toEqual(['new error 0', 'new error 1', 'new error 2', 'old error 3']);
      await waitUntil(
        () => logLines(app, /ERROR_REPORTS_MAX_ROWS/).length > 0,
        10_000,
        () => app.log(),
      );
      expect(logLines(app, /ERROR_REPORTS_MAX_ROWS/)).toHaveLength(1);
      await app.stop();
    },
    HOUR_SAFE_TIMEOUT_MS,
  );
});
