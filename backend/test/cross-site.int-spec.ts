import { Client } from 'pg';
import { DONATE_TURNSTILE_ACTION } from '@stichting/contracts';
import { sendEmailBody } from './support/submissions';
import { signWebhook, stripeEvent } from './support/stripe-stub';
import { startTestStack, TEST_WEBHOOK_SECRET, type TestStack } from './support/test-app';
import { passToken } from './support/turnstile-stub';

/**
 * A page on another site can make a visitor's browser POST to us without asking first ("simple" requests: a form
 * or fetch with text/plain, form-urlencoded or multipart bodies). The browser-facing endpoints take only JSON,
 * which browsers never send across sites without a CORS preflight that this server does not grant, and they
 * refuse requests whose Origin or Sec-Fetch-Site says they come from another site. Requests without either
 * header (curl, servers) are served as before. Everything is checked against the real database.
 */
const ENDPOINTS = [
  {
    path: '/api/send-email',
    accepted: 201,
    body: () => sendEmailBody('contact', { email: 'cross-site@example.org' }),
    table: 'submissions',
  },
  {
    path: '/api/create-checkout-session',
    accepted: 200,
    body: () => ({
      amount: 25,
      email: 'cross-site@example.org',
      language: 'en',
      turnstileToken: passToken(DONATE_TURNSTILE_ACTION),
    }),
    table: 'donations',
  },
  {
    path: '/api/report-error',
    accepted: 202,
    // Repeats of one message are counted on one row: each report here is a new error.
    body: () => ({ message: `cross-site crash ${++reports}` }),
    table: 'error_reports',
  },
] as const;
let reports = 0;

describe('browser-facing POST endpoints: JSON only, same site only', () => {
  let stack: TestStack;
  let db: Client;
  /** PUBLIC_BASE_URL of the test stack, as a browser on the site would send it in Origin. */
  const siteOrigin = 'http://127.0.0.1';

  beforeAll(async () => {
    stack = await startTestStack();
    expect(new URL(stack.config.site.publicBaseUrl).origin).toBe(siteOrigin);
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  const rows = async (table: string) => Number((await db.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

  async function expectRefused(response: Response, status: number): Promise<void> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ success: false, error: expect.any(String) });
  }

  describe.each(ENDPOINTS)('$path', ({ path, accepted, body, table }) => {
    const post = (headers: Record<string, string>, payload: BodyInit = JSON.stringify(body())) =>
      fetch(`${stack.url}${path}`, { method: 'POST', headers, body: payload });

    it.each([
      ['text/plain'],
      ['text/plain;charset=UTF-8'],
      ['application/x-www-form-urlencoded'],
      ['multipart/form-data; boundary=x'],
      ['application/csp-report'],
      ['application/vnd.api+json'],
    ])('answers 415 to %s (a JSON text in it) and stores nothing', async (type) => {
      const before = await rows(table);
      const sessions = stack.stripe.sessions.length;
      await expectRefused(await post({ 'content-type': type }), 415);
      expect(await rows(table)).toBe(before);
      expect(stack.stripe.sessions.length).toBe(sessions);
    });

    it('answers 415 to a body without a content type (fetch with an untyped Blob)', async () => {
      const before = await rows(table);
      await expectRefused(await post({}, new Blob([JSON.stringify(body())])), 415);
      expect(await rows(table)).toBe(before);
    });

    it.each([
      [{ origin: 'https://evil.example' }],
      [{ origin: 'http://127.0.0.1:8080' }],
      [{ origin: 'https://127.0.0.1' }],
      [{ origin: 'null' }],
      [{ 'sec-fetch-site': 'cross-site' }],
      [{ 'sec-fetch-site': 'same-site' }],
      [{ origin: siteOrigin, 'sec-fetch-site': 'cross-site' }],
    ])('answers 403 to JSON sent from another site (%o) and stores nothing', async (headers) => {
      const before = await rows(table);
      const sessions = stack.stripe.sessions.length;
      await expectRefused(await post({ 'content-type': 'application/json', ...headers }), 403);
      expect(await rows(table)).toBe(before);
      expect(stack.stripe.sessions.length).toBe(sessions);
    });

    it.each([
      ['a page of the site', { origin: siteOrigin, 'sec-fetch-site': 'same-origin' }],
      ['a client that sends neither header (curl, a server)', {}],
      ['a navigation typed by the visitor', { 'sec-fetch-site': 'none' }],
    ])('accepts JSON with a charset from %s', async (_, headers) => {
      const before = await rows(table);
      const response = await post({ 'content-type': 'application/json; charset=utf-8', ...headers });
      expect(response.status).toBe(accepted);
      expect(await rows(table)).toBe(before + 1);
    });
  });

  it.each([
    // The router is case sensitive: this spelling never reaches the API (404), and is refused before that anyway.
    ['/API/Send-Email', 404, 0],
    // A trailing slash is the same endpoint.
    ['/api/send-email/', 201, 1],
  ])('refuses the same requests on %s (a same-site JSON request answers %i)', async (path, status, stored) => {
    const post = (headers: Record<string, string>) =>
      fetch(`${stack.url}${path}`, { method: 'POST', headers, body: JSON.stringify(ENDPOINTS[0].body()) });
    const before = await rows('submissions');
    await expectRefused(await post({ 'content-type': 'text/plain' }), 415);
    await expectRefused(await post({ 'content-type': 'application/json', origin: 'https://evil.example' }), 403);
    expect(await rows('submissions')).toBe(before);
    expect((await post({ 'content-type': 'application/json', origin: siteOrigin })).status).toBe(status);
    expect(await rows('submissions')).toBe(before + stored);
  });

  it('leaves the Stripe webhook to its signature check: a signed event is accepted whatever it says', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_cross_site', object: 'customer' });
    const { body, signature } = signWebhook(event, TEST_WEBHOOK_SECRET);
    const response = await fetch(`${stack.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': signature, origin: 'https://stripe.example' },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
