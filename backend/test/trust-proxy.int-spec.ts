import { sendEmailBody, sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Behind one proxy (TRUST_PROXY=1) the client is the address the proxy appended last to X-Forwarded-For. What the
 * client wrote into the header itself (the leftmost entries) must not change whose limit a request counts against.
 * The test plays the proxy: it connects from 127.0.0.1 and appends the "real" client address as a proxy does.
 */
describe('TRUST_PROXY=1: the per-address limit behind one proxy', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ TRUST_PROXY: '1', RATE_LIMIT_POST_PER_MINUTE: '3' });
    await untilLimitsAreCounted();
  });
  afterAll(() => stack.close());

  /**
   * On a busy machine a new process's first count can take longer than the store's deadline, and the store then lets
   * requests pass uncounted for a few seconds, by design (docs/architecture.md §9.4). These tests are about whose
   * limit a request counts against, so they start once the store counts: a request from an address of its own
   * (refused as invalid, and counted all the same) until that address has a counter.
   */
  async function untilLimitsAreCounted(): Promise<void> {
    const warmUp = '192.0.2.250';
    const giveUpAt = Date.now() + 30_000;
    while (Date.now() < giveUpAt) {
      await fetch(`${stack.url}/api/send-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': warmUp },
        body: '{}',
      });
      const counted = await sql(stack, 'SELECT 1 FROM rate_limit_counters WHERE key LIKE $1', [`%:${warmUp}`]);
      if (counted.length) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the rate-limit store did not count a request within 30 s');
  }

  const send = (forwardedFor: string, email: string) =>
    fetch(`${stack.url}/api/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(sendEmailBody('contact', { email })),
    });

  it('counts a client that forges a new leftmost X-Forwarded-For on every request as one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client sent "X-Forwarded-For: 198.51.100.<i>"; the proxy appended the address it saw.
      statuses.push((await send(`198.51.100.${i + 1}, 203.0.113.7`, `forger-${i}@example.org`)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);

    // Another client behind the same proxy is not affected.
    expect((await send('203.0.113.8', 'neighbour@example.org')).status).toBe(201);
    const stored = await sql<{ email: string }>(stack, 'SELECT email FROM submissions ORDER BY email');
    expect(stored.map((row) => row.email)).toEqual([
      'forger-0@example.org',
      'forger-1@example.org',
      'forger-2@example.org',
      'neighbour@example.org',
    ]);
  });
});
