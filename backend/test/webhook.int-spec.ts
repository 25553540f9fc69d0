import { WEBHOOK_OFF_MESSAGE, WEBHOOK_REJECTIONS_PER_MINUTE } from '../src/donations/webhook/stripe-webhook.service';
import { PrismaService } from '../src/database/prisma.service';
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../src/stripe/stripe.client';
import { hostname } from 'node:os';
import { deliver, deliverOutcome, donorEmailsAskedFor, startDonation, storedDonation } from './support/donations';
import { AppProcess, useFaultFixture, waitUntil } from './support/faults-app';
import { signWebhook, stripeCharge, stripeEvent, StripeGift } from './support/stripe-stub';
import { sql } from './support/submissions';
import { startTestStack, TEST_WEBHOOK_SECRET, type TestStack } from './support/test-app';

describe('POST /api/stripe/webhook', () => {
  let stack: TestStack;
  let prisma: PrismaService;
  beforeAll(async () => {
    stack = await startTestStack({ CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' });
    prisma = stack.app.get(PrismaService);
  });
  afterAll(() => stack.close());

  const send = (event: object, options?: Parameters<typeof deliver>[2]) => deliver(stack.url, event, options);
  const ledger = (id: string) => prisma.stripeEvent.findUnique({ where: { id } });
  const statusOf = async (gift: StripeGift) =>
    (await prisma.donation.findUniqueOrThrow({ where: { id: gift.donationId } })).status;

  it('completes a paid Checkout: the donation is active, with customer and subscription ids', async () => {
    const gift = await startDonation(stack, { email: 'completed@example.org' });
    const event = stripeEvent('checkout.session.completed', gift.session('paid'));
    const response = await send(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await prisma.donation.findUniqueOrThrow({ where: { id: gift.donationId } })).toMatchObject({
      status: 'active',
      stripeCustomerId: gift.customer,
      stripeSubscriptionId: gift.subscription,
      checkoutCompletedAt: new Date(event.created * 1000),
    });
    expect(await ledger(event.id)).toMatchObject({ type: 'checkout.session.completed', processedAt: expect.any(Date) });
  });

  it('finds the donation by session id when the metadata is missing', async () => {
    const gift = await startDonation(stack, { email: 'by-session@example.org' });
    const session = { ...gift.session('paid'), metadata: {} };
    expect((await send(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    expect(await statusOf(gift)).toBe('active');
  });

  it('refuses a signature made with another secret: 400, nothing stored, nothing changed', async () => {
    const gift = await startDonation(stack, { email: 'forged@example.org' });
    const event = stripeEvent('checkout.session.completed', gift.session('paid'));
    const response = await send(event, { secret: 'whsec_someone_else' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await ledger(event.id)).toBeNull();
    expect(await statusOf(gift)).toBe('open');
  });

  it('refuses a stale signature (older than the tolerance), a missing one and a tampered body', async () => {
    const gift = await startDonation(stack, { email: 'stale@example.org' });
    const event = stripeEvent('checkout.session.completed', gift.session('paid'));
    const stale = Math.floor(Date.now() / 1000) - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 60;
    expect((await send(event, { timestamp: stale })).status).toBe(400);
    expect((await send(event, { signature: null })).status).toBe(400);
    const { signature } = signWebhook(event, TEST_WEBHOOK_SECRET);
    const tampered = await fetch(`${stack.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify({ ...event, type: 'customer.subscription.deleted' }),
    });
    expect(tampered.status).toBe(400);
    expect(await ledger(event.id)).toBeNull();
    expect(await statusOf(gift)).toBe('open');
  });

  it('refuses an event of another API version with 400 (so Stripe keeps it), stores and changes nothing', async () => {
    const gift = await startDonation(stack, { email: 'old-version@example.org' });
    // The shape of API versions before 2025-03-31: the invoice named its subscription at the top.
    const legacy = { ...gift.invoice(gift.firstInvoice, 0, { status: 'paid' }), subscription: gift.subscription };
    const event = stripeEvent('invoice.paid', legacy, { apiVersion: '2025-02-24.acacia' });
    const response = await send(event);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(STRIPE_API_VERSION);
    expect(await ledger(event.id)).toBeNull();
    expect(await prisma.donationPayment.count({ where: { donationId: gift.donationId } })).toBe(0);
  });

  it('applies the same event once when Stripe delivers it twice (also at the same time)', async () => {
    const gift = await startDonation(stack, { email: 'twice@example.org' });
    await send(stripeEvent('checkout.session.completed', gift.session('paid')));
    const paid = stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' }));
    expect(await deliverOutcome(stack.url, paid)).toEqual([200, 'processed']);
    expect(await deliverOutcome(stack.url, paid)).toEqual([200, 'duplicate']);

    const cancel = stripeEvent(
      'customer.subscription.deleted',
      gift.subscriptionObject({ status: 'canceled', canceled_at: paid.created, ended_at: paid.created }),
    );
    const outcomes = await Promise.all([1, 2, 3].map(() => deliverOutcome(stack.url, cancel)));
    expect(outcomes.map(([status]) => status)).toEqual([200, 200, 200]);
    expect(outcomes.map(([, outcome]) => outcome).sort()).toEqual(['duplicate', 'duplicate', 'processed']);

    expect(await prisma.donationPayment.count({ where: { donationId: gift.donationId } })).toBe(1);
    expect(await prisma.stripeEvent.count({ where: { id: { in: [paid.id, cancel.id] } } })).toBe(2);
    expect(await statusOf(gift)).toBe('cancelled');
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
      `welcome:${gift.donationId}`,
      `cancelled:${gift.donationId}`,
    ]);
  });

  it('records one payment per invoice, even when two events report the same invoice paid', async () => {
    const gift = await startDonation(stack, { email: 'monthly@example.org', amount: 7.5 });
    await send(stripeEvent('checkout.session.completed', gift.session('paid')));
    const month2 = `${gift.firstInvoice}_2`;
    for (const event of [
      stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
      stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
      stripeEvent('invoice.paid', gift.invoice(month2, 1, { status: 'paid' })),
    ]) {
      expect((await send(event)).status).toBe(200);
    }
    const { payments } = await storedDonation(stack, gift.donationId);
    expect(payments).toEqual([
      expect.objectContaining({
        stripeInvoiceId: gift.firstInvoice,
        amountCents: 750,
        currency: 'eur',
        status: 'paid',
      }),
      expect.objectContaining({ stripeInvoiceId: month2, amountCents: 750, currency: 'eur', status: 'paid' }),
    ]);
    expect(payments[0].stripeSubscriptionId).toBe(gift.subscription);
  });

  it('acknowledges event types it does not handle and stores nothing for them', async () => {
    const before = await prisma.stripeEvent.count();
    const event = stripeEvent('customer.created', { id: 'cus_unrelated', object: 'customer' });
    const response = await send(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await prisma.stripeEvent.count()).toBe(before);
  });

  it('acknowledges events about subscriptions and charges that are not ours, and stores no payment for them', async () => {
    const stranger = new StripeGift('00000000-0000-4000-8000-00000000dead', 'cs_test_stranger', 1000);
    const strangerInvoice = { ...stranger.invoice('in_stranger', 0, { status: 'paid' }) };
    strangerInvoice.parent.subscription_details.metadata = { donation_id: '', language: 'nl' };
    const events = [
      stripeEvent('invoice.paid', strangerInvoice),
      stripeEvent('invoice.payment_failed', { ...strangerInvoice, id: 'in_stranger_2', status: 'open' }),
      stripeEvent('charge.refunded', stripeCharge({ amount: 1000, method: 'card', status: 'succeeded' })),
      stripeEvent('customer.subscription.deleted', stranger.subscriptionObject({ status: 'canceled' })),
    ];
    for (const event of events) expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
    expect(await prisma.donationPayment.count({ where: { stripeInvoiceId: { startsWith: 'in_stranger' } } })).toBe(0);
    // Nothing about them was looked up at Stripe either.
    expect(
      stack.stripe.requestsTo('GET', '/v1/invoice_payments').filter((r) => r.path.includes('in_stranger')),
    ).toEqual([]);
  });

  it('answers 502 while the payment lookup at Stripe fails, so Stripe delivers again; then records it once', async () => {
    const gift = await startDonation(stack, { email: 'lookup-down@example.org' });
    const paid = stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' }));
    stack.stripe.failLookups = true;
    try {
      const response = await send(paid);
      expect(response.status).toBe(502);
      expect(await ledger(paid.id)).toBeNull();
    } finally {
      stack.stripe.failLookups = false;
    }
    expect(await deliverOutcome(stack.url, paid)).toEqual([200, 'processed']);
    expect(await prisma.donationPayment.count({ where: { donationId: gift.donationId } })).toBe(1);
  });
});

/**
 * Anyone can POST to the webhook. Each refused delivery is one short log line with a reason code, and past
 * WEBHOOK_REJECTIONS_PER_MINUTE refusals a minute from one address the answer is 429 without a line each, so a
 * flood of forged deliveries cannot fill the disk. Runs the production build, whose log lines are its stdout.
 */
describe('POST /api/stripe/webhook: refused deliveries in the log', () => {
  const fixture = useFaultFixture();
  let app: AppProcess;
  let stdout = '';
  beforeAll(async () => {
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: '1' };
    app = AppProcess.main(await fixture.stubs.env(fixture.database.url, env));
    fixture.apps.push(app);
    app.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await app.waitReady();
  }, 120_000);

  /** A delivery from `client` (the address the proxy in front appended to X-Forwarded-For). */
  function deliver(client: string, event: object, options: { secret?: string; timestamp?: number } = {}) {
    const { body, signature } = signWebhook(event, options.secret ?? TEST_WEBHOOK_SECRET, options.timestamp);
    return fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'x-forwarded-for': client,
      },
      body,
    });
  }

  /** The log lines written from now on, at warning level or above (the ones an operator is alerted to). */
  function warningsFrom(start: number): string[] {
    return stdout
      .slice(start)
      .split('\n')
      .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 40);
  }

  it('logs one short line with a reason code per refusal, then answers 429 without logging each', async () => {
    const start = stdout.length;
    const forged = stripeEvent(
      'invoice.paid',
      new StripeGift('', 'cs_forged', 500).invoice('in_forged', 0, { status: 'paid' }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push((await deliver('203.0.113.66', forged, { secret: 'whsec_forger' })).status);
    }
    expect(statuses).toEqual([
      ...new Array(WEBHOOK_REJECTIONS_PER_MINUTE).fill(400),
      ...new Array(60 - WEBHOOK_REJECTIONS_PER_MINUTE).fill(429),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = warningsFrom(start);
    // One line per refusal up to the limit, and one that says the limit was reached.
    expect(lines).toHaveLength(WEBHOOK_REJECTIONS_PER_MINUTE + 1);
    // pino's envelope (time, pid, hostname, request id, logger) carries the event and its reason code, nothing
    // else: about 280 bytes instead of about 700 with the SDK's advice text.
    const envelope = new Set(['level', 'time', 'pid', 'hostname', 'req', 'context', 'msg']);
    const own = lines.map((line) =>
      Object.fromEntries(Object.entries(JSON.parse(line) as object).filter(([key]) => !envelope.has(key))),
    );
    expect(own).toEqual([
      ...new Array(WEBHOOK_REJECTIONS_PER_MINUTE).fill({ event: 'stripe_webhook_rejected', reason: 'bad_signature' }),
      { event: 'stripe_webhook_rejected', reason: 'rate_limited' },
    ]);
    for (const line of lines) expect(line.length - hostname().length).toBeLessThan(400);
    expect(await sql(fixture, 'SELECT 1 FROM stripe_events WHERE id = $1', [forged.id])).toEqual([]);
  });

  it('names the reason: missing signature, stale signature', async () => {
    const start = stdout.length;
    const event = stripeEvent('customer.created', { id: 'cus_reasons', object: 'customer' });
    const missing = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.70' },
      body: JSON.stringify(event),
    });
    expect(missing.status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 60;
    expect((await deliver('203.0.113.70', event, { timestamp: stale })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warningsFrom(start).map((line) => (JSON.parse(line) as { reason: string }).reason)).toEqual([
      'missing_signature',
      'stale_signature',
    ]);
  });

  it("still processes Stripe's signed deliveries, from another address and from the refused one", async () => {
    const ids: string[] = [];
    for (const client of ['203.0.113.1', '203.0.113.66']) {
      const event = stripeEvent(
        'customer.subscription.updated',
        new StripeGift('', 'cs_x', 500).subscriptionObject({ status: 'active' }),
      );
      ids.push(event.id);
      const response = await deliver(client, event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
    }
    const recorded = await sql(fixture, 'SELECT id FROM stripe_events WHERE id = ANY($1) ORDER BY id', [ids]);
    expect(recorded).toEqual([...ids].sort().map((id) => ({ id })));
  });
});

/**
 * The values this repository once shipped as STRIPE_WEBHOOK_SECRET (.env.example, the compose default, the Kubernetes
 * template) are public: anyone could sign an event with them, e.g. mark an unpaid checkout as a paid gift. Without a
 * signing secret of its own the webhook is off, in any mode: 503, nothing verified or stored; production refuses to
 * start. Runs the production build, whose log lines are its stdout.
 */
describe('POST /api/stripe/webhook with a published placeholder as its secret: off', () => {
  const PUBLISHED = 'whsec_replace_me';
  const fixture = useFaultFixture();
  let app: AppProcess;
  let stdout = '';
  beforeAll(async () => {
    const env = { NODE_ENV: 'development', LOG_LEVEL: 'info', TRUST_PROXY: '1', STRIPE_WEBHOOK_SECRET: PUBLISHED };
    app = AppProcess.main(await fixture.stubs.env(fixture.database.url, env));
    fixture.apps.push(app);
    app.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await app.waitReady();
  }, 120_000);

  const lines = (from = 0) =>
    stdout
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; event?: string; reason?: string; msg: string });

  function forge(event: object, client = '198.51.100.7') {
    const { body, signature } = signWebhook(event, PUBLISHED);
    return fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'x-forwarded-for': client },
      body,
    });
  }

  it("answers 503 to an event signed with it, in the site's error shape, and records nothing", async () => {
    const gift = new StripeGift('', 'cs_forged_gift', 5_000_000);
    const event = stripeEvent('checkout.session.completed', gift.session('paid'));
    const response = await forge(event);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: WEBHOOK_OFF_MESSAGE });
    expect(await sql(fixture, 'SELECT 1 FROM stripe_events WHERE id = $1', [event.id])).toEqual([]);
  });

  it('says so once at start, and logs a flood of deliveries at most once a minute', async () => {
    const off = lines().filter((line) => line.event === 'stripe_webhook_off');
    expect(off).toHaveLength(1);
    expect(off[0]).toMatchObject({
      level: 40,
      reason: expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is a placeholder/),
    });
    expect(off[0].msg).toContain('/api/stripe/webhook answers 503');

    const start = stdout.length;
    const event = stripeEvent('customer.created', { id: 'cus_flood', object: 'customer' });
    const statuses = await Promise.all(Array.from({ length: 30 }, () => forge(event).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([503]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const warnings = lines(start).filter((line) => line.level >= 40);
    // At most the one line of this minute (the test above may have used it), and no "request failed" per delivery.
    expect(warnings.length).toBeLessThanOrEqual(1);
    for (const line of warnings)
      expect(line).toMatchObject({ event: 'stripe_webhook_rejected', reason: 'webhook_off' });
  });

  it('refuses to start in production with it, naming the variable', async () => {
    const env = await fixture.stubs.env(fixture.database.url, {
      NODE_ENV: 'production',
      STRIPE_WEBHOOK_SECRET: PUBLISHED,
    });
    const refused = AppProcess.main(env);
    fixture.apps.push(refused);
    await waitUntil(
      () => refused.exited,
      60_000,
      () => `the production start to stop\n${refused.log()}`,
    );
    expect(refused.child.exitCode).toBe(1);
    expect(refused.log()).toContain('STRIPE_WEBHOOK_SECRET is a placeholder published with the code');
  });
});
