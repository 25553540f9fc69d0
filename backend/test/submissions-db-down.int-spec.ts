import { postJson, sendEmailBody, sql } from './support/submissions';
import { TcpProxy } from './support/tcp-proxy';
import { startTestStack, type TestStack } from './support/test-app';
import { TEST_SERVER_URL } from './support/test-database';

describe('POST /api/send-email while the database is unreachable', () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const server = new URL(TEST_SERVER_URL);
    proxy = await new TcpProxy(server.hostname, Number(server.port || 5432)).start();
    stack = await startTestStack({}, { appDatabaseUrl: (url) => proxy.rewrite(url) });
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
});
