import { postJson, sendEmailBody, sql } from './support/submissions';
import { TcpProxy } from './support/tcp-proxy';
import { startTestStack, type TestStack } from './support/test-app';
import { TEST_SERVER_URL } from './support/test-database';

/** The per-address limit is counted in the same database (RATE_LIMIT_STORE=postgres, the default). */
const LIMIT = 3;

describe('POST /api/send-email while the database is unreachable', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const server = new URL(TEST_SERVER_URL);
    proxy = await new TcpProxy(server.hostname, Number(server.port || 5432)).start();
    stack = await startTestStack(
      { RATE_LIMIT_POST_PER_MINUTE: String(LIMIT) },
      { appDatabaseUrl: (url) => proxy.rewrite(url) },
    );
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await stack.close();
    await proxy.cut();
  });

  it('answers 503 with a clear message, and accepts again once the database is back', async () => {
    expect((await postJson(stack, sendEmailBody('contact'))).status).toBe(201);

    await proxy.cut();
    const response = await postJson(stack, sendEmailBody('contact', { email: 'while-down@example.org' }));
    expect(response.status).toBe(503);
    expect(response.json).toEqual({
      success: false,
      error: expect.stringMatching(/temporarily unavailable.*Nothing was saved/),
    });
    expect(response.text).not.toMatch(/ECONNREFUSED|prisma|at \w+ \(/i);

    await proxy.restore();
    const again = await postJson(stack, sendEmailBody('contact', { email: 'after@example.org' }));
    expect(again.status).toBe(201);
    const emails = (await sql(stack, 'SELECT email FROM submissions ORDER BY created_at')).map((r) => r.email);
    expect(emails).toEqual(['ben@example.org', 'after@example.org']);
  }, 60_000);

  it('never refuses a visitor for the outage: the rate limit lets requests through uncounted, each hears 503', async () => {
    await proxy.cut();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      statuses.push((await postJson(stack, sendEmailBody('contact', { email: `down-${i}@example.org` }))).status);
    }
    expect(statuses).toEqual(new Array<number>(2 * LIMIT).fill(503));
    await proxy.restore();
  }, 60_000);
});
