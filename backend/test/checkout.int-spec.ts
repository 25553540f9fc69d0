import { Logger } from '@nestjs/common';
import { DONATION_TIERS, ROUTES } from '@stichting/contracts';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEFAULT_DONATION_PRODUCT_ID } from '../src/config/app-config';
import { PrismaService } from '../src/database/prisma.service';
import { stripeProduct } from './support/stripe-stub';
import { donationBody } from './support/submissions';
import { createTestDatabase } from './support/test-database';
import { startTestStack, TURNSTILE_TOKENS, type TestStack } from './support/test-app';

const donation = donationBody;

function post(stack: TestStack, body: unknown): Promise<Response> {
  return fetch(`${stack.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('POST /api/create-checkout-session', () => {
  let stack: TestStack;
  let prisma: PrismaService;
  beforeAll(async () => {
    // This suite sends many requests from one address; the limit itself is tested below.
    stack = await startTestStack({ CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' });
    prisma = stack.app.get(PrismaService);
  });
  afterAll(() => stack.close());

  it('creates a monthly EUR subscription session for the 250 tier and stores the donation as open', async () => {
    expect(DONATION_TIERS).toContain(250);
    const response = await post(stack, donation({ source: 'social_media', platform: 'instagram', referral: 'yes' }));
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const session = stack.stripe.sessions.at(-1)!;
    expect(url).toBe(`${stack.stripe.url}/checkout/${session.id}`);
    // The redirect target really is a page (the local checkout stand-in).
    expect((await fetch(url)).status).toBe(200);

    const p = session.params;
    expect(p.get('mode')).toBe('subscription');
    expect(p.get('currency')).toBe('eur');
    expect(p.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(p.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    // One product for every gift (docs/architecture.md §9.10): created once under its configured id, not per session.
    expect(p.get('line_items[0][price_data][product]')).toBe(DEFAULT_DONATION_PRODUCT_ID);
    expect([...p.keys()].filter((key) => key.includes('product_data'))).toEqual([]);
    expect(stack.stripe.products.get(DEFAULT_DONATION_PRODUCT_ID)).toMatchObject({ name: 'Maandelijkse donatie' });
    // Dynamic payment methods: the Dashboard decides (iDEAL, SEPA Direct Debit, cards), the code names none.
    expect([...p.keys()].filter((key) => key.includes('payment_method'))).toEqual([]);
    expect(p.get('line_items[0][quantity]')).toBe('1');
    expect(p.get('customer_email')).toBe('anna@example.org');
    expect(p.get('locale')).toBe('nl');
    expect(p.get('success_url')).toBe(`${stack.config.site.publicBaseUrl}${ROUTES.thankYou.nl}?amount=250`);
    expect(p.get('cancel_url')).toBe(`${stack.config.site.publicBaseUrl}${ROUTES.donationCancelled.nl}`);

    const stored = await prisma.donation.findUniqueOrThrow({ where: { stripeSessionId: session.id } });
    expect(session.idempotencyKey).toBe(stored.id);
    for (const prefix of ['metadata', 'subscription_data[metadata]']) {
      expect(p.get(`${prefix}[donation_id]`)).toBe(stored.id);
      expect(p.get(`${prefix}[language]`)).toBe('nl');
      expect(p.get(`${prefix}[source]`)).toBe('social_media');
      expect(p.get(`${prefix}[referral]`)).toBe('yes');
    }
    expect(stored).toMatchObject({
      status: 'open',
      amountCents: 25000,
      currency: 'eur',
      email: 'anna@example.org',
      name: 'Anna de Vries',
      message: null,
      source: 'social_media',
      platform: 'instagram',
      referral: true,
      language: 'nl',
    });
  });

  it.each(['en', 'es'] as const)('sends a custom 7,50 as 750 cents with %s locale and URLs', async (language) => {
    const response = await post(stack, donation({ amount: '7,50', language, referral: false, referrerName: 'Bob' }));
    expect(response.status).toBe(200);
    const session = stack.stripe.sessions.at(-1)!;
    const p = session.params;
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('750');
    expect(p.get('line_items[0][price_data][product]')).toBe(DEFAULT_DONATION_PRODUCT_ID);
    expect(p.get('locale')).toBe(language);
    expect(p.get('success_url')).toBe(`${stack.config.site.publicBaseUrl}${ROUTES.thankYou[language]}?amount=7.50`);
    expect(p.get('cancel_url')).toBe(`${stack.config.site.publicBaseUrl}${ROUTES.donationCancelled[language]}`);
    expect(p.get('metadata[language]')).toBe(language);
    expect(p.get('metadata[referral]')).toBe('no');
    expect(p.has('metadata[source]')).toBe(false);
    const stored = await prisma.donation.findUniqueOrThrow({ where: { stripeSessionId: session.id } });
    expect(stored).toMatchObject({ amountCents: 750, status: 'open', language, referral: false, referrerName: null });
  });

  it('accepts 7.50 as a number and defaults the language to Dutch', async () => {
    const body = donation({ amount: 7.5 });
    delete body.language;
    expect((await post(stack, body)).status).toBe(200);
    const p = stack.stripe.sessions.at(-1)!.params;
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('750');
    expect(p.get('locale')).toBe('nl');
  });

  it.each([
    ['amount below the minimum', { amount: 4.99 }, 'amount'],
    ['amount not a number', { amount: 'abc' }, 'amount'],
    ['amount with three decimals', { amount: 7.555 }, 'amount'],
    ['amount as text with three decimals', { amount: '7.555' }, 'amount'],
    ['amount with a thousands dot', { amount: '5.000' }, 'amount'],
    ['amount above the maximum (what one SEPA debit takes)', { amount: 10_000.01 }, 'amount'],
    ['amount missing', { amount: '' }, 'amount'],
    ['email missing', { email: '' }, 'email'],
    ['email invalid', { email: 'not-an-email' }, 'email'],
    ['unknown source', { source: 'tv' }, 'source'],
    ['unknown platform', { source: 'social_media', platform: 'myspace' }, 'platform'],
    ['unknown language', { language: 'de' }, 'language'],
    ['referral neither yes nor no', { referral: 'maybe' }, 'referral'],
    ['invalid referrer email', { referrerEmail: 'bob@' }, 'referrerEmail'],
    ['name too long', { name: 'x'.repeat(101) }, 'name'],
    ['unknown field', { isRecurring: true }, 'isRecurring'],
  ])('refuses %s with 400 and field errors, without calling Stripe', async (_label, overrides, field) => {
    const before = stack.stripe.http.requests.length;
    const donationsBefore = await prisma.donation.count();
    const response = await post(stack, donation(overrides));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string; fields: Record<string, string> };
    expect(body.success).toBe(false);
    expect(body.error).toEqual(expect.any(String));
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(stack.stripe.http.requests.length).toBe(before);
    expect(await prisma.donation.count()).toBe(donationsBefore);
  });

  it.each([
    ['a rejected token', TURNSTILE_TOKENS.wrongHostname],
    ['an invalid token', 'forged'],
    ['no token', ''],
  ])('refuses %s with 403, stores nothing and does not call Stripe', async (_label, token) => {
    const before = stack.stripe.http.requests.length;
    const donationsBefore = await prisma.donation.count();
    const response = await post(stack, donation({ turnstileToken: token }));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain('Security verification failed');
    expect(stack.stripe.http.requests.length).toBe(before);
    expect(await prisma.donation.count()).toBe(donationsBefore);
  });

  it('creates the product once and reuses it for every later donation (also in a new process)', async () => {
    const created = () => stack.stripe.requestsTo('POST', '/v1/products').length;
    const before = created();
    for (const amount of [25, 30]) expect((await post(stack, donation({ amount }))).status).toBe(200);
    expect(created()).toBe(before);
    expect(stack.stripe.products.size).toBe(1);
    // Another app instance on the same Stripe account finds the product and creates none.
    const second = await startTestStack();
    try {
      const products = second.stripe.products;
      products.set(DEFAULT_DONATION_PRODUCT_ID, { id: DEFAULT_DONATION_PRODUCT_ID, object: 'product', active: true });
      expect((await post(second, donation())).status).toBe(200);
      expect(second.stripe.requestsTo('POST', '/v1/products')).toHaveLength(0);
      expect(second.stripe.sessions.at(-1)!.params.get('line_items[0][price_data][product]')).toBe(
        DEFAULT_DONATION_PRODUCT_ID,
      );
    } finally {
      await second.close();
    }
  });

  it('uses the product STRIPE_DONATION_PRODUCT_ID names', async () => {
    const own = await startTestStack({ STRIPE_DONATION_PRODUCT_ID: 'prod_foundation_gift' });
    try {
      expect((await post(own, donation())).status).toBe(200);
      expect(own.stripe.sessions.at(-1)!.params.get('line_items[0][price_data][product]')).toBe('prod_foundation_gift');
      expect([...own.stripe.products.keys()]).toEqual(['prod_foundation_gift']);
    } finally {
      await own.close();
    }
  });

  /**
   * A new app whose Stripe account has the donation product archived (Dashboard: Archive product), and the `level`
   * log calls about the product (the ones carrying `productId`).
   */
  async function withArchivedProduct(
    level: 'warn' | 'error',
    test: (archived: TestStack, productLines: () => unknown[][]) => Promise<void>,
  ): Promise<void> {
    const archived = await startTestStack();
    const calls = jest.spyOn(Logger.prototype, level);
    try {
      const product = stripeProduct(DEFAULT_DONATION_PRODUCT_ID, { active: false });
      archived.stripe.products.set(DEFAULT_DONATION_PRODUCT_ID, product);
      await test(archived, () =>
        calls.mock.calls.filter(([fields]) => (fields as { productId?: string }).productId !== undefined),
      );
    } finally {
      calls.mockRestore();
      await archived.close();
    }
  }

  it('makes an archived donation product active again, with one warning, so donations go on', () =>
    withArchivedProduct('warn', async (archived, warnings) => {
      for (const amount of [25, 30]) expect((await post(archived, donation({ amount }))).status).toBe(200);
      expect(archived.stripe.products.get(DEFAULT_DONATION_PRODUCT_ID)).toMatchObject({ active: true });
      const updates = archived.stripe.requestsTo('POST', `/v1/products/${DEFAULT_DONATION_PRODUCT_ID}`);
      expect(updates.map((update) => new URLSearchParams(update.body).get('active'))).toEqual(['true']);
      expect(archived.stripe.requestsTo('POST', '/v1/products')).toHaveLength(0);
      expect(warnings()).toEqual([
        [
          { productId: DEFAULT_DONATION_PRODUCT_ID },
          expect.stringMatching(/was archived in Stripe .* made active again/),
        ],
      ]);
    }));

  it('answers 502 and says what to do in the Dashboard when Stripe refuses to make the product active', () =>
    withArchivedProduct('error', async (archived, errors) => {
      archived.stripe.forbidden.add(`POST /v1/products/${DEFAULT_DONATION_PRODUCT_ID}`);
      const response = await post(archived, donation({ email: 'archived@example.org' }));
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        success: false,
        error: 'The payment provider could not start the checkout',
      });
      expect(archived.stripe.sessions).toHaveLength(0);
      const failed = await archived.app
        .get(PrismaService)
        .donation.findFirstOrThrow({ where: { email: 'archived@example.org' } });
      expect(failed.status).toBe('failed');
      expect(errors()).toEqual([
        [
          { productId: DEFAULT_DONATION_PRODUCT_ID },
          expect.stringMatching(/archived in Stripe .*Product catalog.*"Unarchive".*STRIPE_DONATION_PRODUCT_ID/),
        ],
      ]);
    }));

  it('answers 502 with a readable error when Stripe refuses, and keeps the donation marked failed', async () => {
    stack.stripe.failNext = { status: 400, type: 'invalid_request_error', message: 'Amount too large' };
    const response = await post(stack, donation({ email: 'failing@example.org' }));
    expect(response.status).toBe(502);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body).toEqual({ success: false, error: 'The payment provider could not start the checkout' });
    const failed = await prisma.donation.findFirstOrThrow({ where: { email: 'failing@example.org' } });
    expect(failed.status).toBe('failed');
    expect(failed.stripeSessionId).toBeNull();
    expect(failed.lastError).toContain('Amount too large');
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    const down = await startTestStack({ STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const response = await post(down, donation({ email: 'offline@example.org' }));
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toBe('The payment provider could not be reached');
      const offline = await down.app
        .get(PrismaService)
        .donation.findFirstOrThrow({ where: { email: 'offline@example.org' } });
      expect(offline.status).toBe('failed');
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/create-checkout-session limits and outages', () => {
  it('rate-limits checkout per IP (CHECKOUT_RATE_LIMIT_PER_MINUTE) with 429, before touching Stripe', async () => {
    const stack = await startTestStack({ CHECKOUT_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(stack, donation())).status);
      const limited = await post(stack, donation());
      expect(statuses).toEqual([200, 200, 200]);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(await limited.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(stack.stripe.sessions).toHaveLength(3);
      // The webhook is not part of that budget.
      const webhook = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(400);
    } finally {
      await stack.close();
    }
  });

  it('answers 503 and does not call Stripe while PostgreSQL is unreachable', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const stack = await startTestStack({ DATABASE_URL: viaProxy.toString() });
    try {
      await proxy.pause();
      const response = await post(stack, donation());
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(stack.stripe.sessions).toHaveLength(0);
    } finally {
      await proxy.resume();
      await stack.close();
      await proxy.close();
      await database.drop();
    }
  });
});

/** A loopback TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function startTcpProxy(targetPort: number, targetHost: string) {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen();
  return { port, pause: shut, resume: listen, close: shut };
}
