import { Client } from 'pg';
import { ERROR_REPORT_LIMIT_PER_MINUTE } from '../src/error-reports/error-reports.controller';
import { startTestStack, type TestStack } from './support/test-app';

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

  const report = (body: unknown, ip = '10.0.0.1') =>
    fetch(`${stack.url}/api/report-error`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

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
    expect(rows).toEqual([{ message: crash.message, occurrences: 3, component_stack: crash.componentStack }]);
  });

  it('truncates a 100 KB stack instead of refusing it', async () => {
    const response = await report({
      message: 'Huge stack',
      stack: `Error: Huge\n    at x (a.js:1:1)\n${'y'.repeat(100_000)}`,
    });
    expect(response.status).toBe(202);
    const { rows } = await db.query("SELECT length(stack) AS length FROM error_reports WHERE message = 'Huge stack'");
    expect(rows[0].length).toBe(16000);
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
