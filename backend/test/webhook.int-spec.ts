import { WEBHOOK_REJECTIONS_PER_MINUTE } from '../src/checkout/checkout-webhook.service';
import { PrismaService } from '../src/database/prisma.service';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../src/stripe/stripe.client';
import { hostname } from 'node:os';
import { AppProcess, useFaultFixture } from './support/faults-app';
import { completedSession, invoice, signWebhook, stripeEvent } from './support/stripe-stub';
import { sql } from './support/submissions';
import { startTestStack, TEST_WEBHOOK_SECRET, type TestStack } from './support/test-app';
import { passToken } from './support/turnstile-stub';

describe('POST /api/stripe/webhook', () => {
  let stack: TestStack;
  let prisma: PrismaService;
  beforeAll(async () => {
    stack = await startTestStack({ CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' });
    prisma = stack.app.get(PrismaService);
  });
  afterAll(() => stack.close());

  /** Delivers an event the way Stripe does: raw JSON body and a `Stripe-Signature` made by the SDK's helper. */
  function deliver(event: object, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
    const { body, signature } = signWebhook(event, options.secret ?? TEST_WEBHOOK_SECRET, options.timestamp);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (options.signature !== null) headers['stripe-signature'] = options.signature ?? signature;
    return fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', headers, body });
  }

  /** A donation started through the real endpoint: an open intent with a Checkout Session at the stand-in. */
  async function openDonation(email: string, amount = 25) {
    const response = await fetch(`${stack.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount, email, language: 'en', turnstileToken: passToken('donate') }),
    });
    expect(response.status).toBe(200);
    const session = stack.stripe.sessions.at(-1)!;
    const intent = await prisma.donationIntent.findUniqueOrThrow({ where: { stripeSessionId: session.id } });
    const suffix = intent.id.slice(0, 8);
    return { intent, sessionId: session.id, customer: `cus_${suffix}`, subscription: `sub_${suffix}` };
  }

  const ledger = (id: string) => prisma.stripeEvent.findUnique({ where: { id } });

  it('marks the intent completed with customer and subscription ids on checkout.session.completed', async () => {
    const donation = await openDonation('completed@example.org');
    const event = stripeEvent(
      'checkout.session.completed',
      completedSession({ ...donation, intentId: donation.intent.id }),
    );
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
    const intent = await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } });
    expect(intent).toMatchObject({
      status: 'completed',
      stripeCustomerId: donation.customer,
      stripeSubscriptionId: donation.subscription,
    });
    expect(await ledger(event.id)).toMatchObject({ type: 'checkout.session.completed', processedAt: expect.any(Date) });
  });

  it('finds the intent by session id when the metadata is missing', async () => {
    const donation = await openDonation('by-session@example.org');
    const session = { ...completedSession({ ...donation, intentId: donation.intent.id }), metadata: {} };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    const intent = await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } });
    expect(intent.status).toBe('completed');
  });

  it('refuses a signature made with another secret: 400, nothing stored, nothing changed', async () => {
    const donation = await openDonation('forged@example.org');
    const event = stripeEvent(
      'checkout.session.completed',
      completedSession({ ...donation, intentId: donation.intent.id }),
    );
    const response = await deliver(event, { secret: 'whsec_someone_else' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await ledger(event.id)).toBeNull();
    expect((await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } })).status).toBe('open');
  });

  it('refuses a stale signature (older than the tolerance), a missing one and a tampered body', async () => {
    const donation = await openDonation('stale@example.org');
    const event = stripeEvent(
      'checkout.session.completed',
      completedSession({ ...donation, intentId: donation.intent.id }),
    );
    const stale = Math.floor(Date.now() / 1000) - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 60;
    expect((await deliver(event, { timestamp: stale })).status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    const { signature } = signWebhook(event, TEST_WEBHOOK_SECRET);
    const tampered = await fetch(`${stack.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify({ ...event, type: 'customer.subscription.deleted' }),
    });
    expect(tampered.status).toBe(400);
    expect(await ledger(event.id)).toBeNull();
    expect((await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } })).status).toBe('open');
  });

  it('applies the same event once when Stripe delivers it twice (also at the same time)', async () => {
    const donation = await openDonation('twice@example.org');
    await deliver(
      stripeEvent('checkout.session.completed', completedSession({ ...donation, intentId: donation.intent.id })),
    );
    const paid = stripeEvent(
      'invoice.paid',
      invoice({ id: `in_${donation.intent.id.slice(0, 8)}`, subscription: donation.subscription, amount: 2500 }),
    );
    const first = await deliver(paid);
    expect(await first.json()).toEqual({ received: true, outcome: 'processed' });
    const again = await deliver(paid);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });

    const cancel = stripeEvent('customer.subscription.deleted', {
      id: donation.subscription,
      object: 'subscription',
      status: 'canceled',
      metadata: { intent_id: donation.intent.id },
    });
    const outcomes = await Promise.all([deliver(cancel), deliver(cancel), deliver(cancel)]).then((responses) =>
      Promise.all(responses.map(async (r) => [r.status, ((await r.json()) as { outcome: string }).outcome])),
    );
    expect(outcomes.map(([status]) => status)).toEqual([200, 200, 200]);
    expect(outcomes.map(([, outcome]) => outcome).sort()).toEqual(['duplicate', 'duplicate', 'processed']);

    expect(await prisma.donationPayment.count({ where: { intentId: donation.intent.id } })).toBe(1);
    expect(await prisma.stripeEvent.count({ where: { id: { in: [paid.id, cancel.id] } } })).toBe(2);
    expect((await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } })).status).toBe(
      'cancelled',
    );
  });

  it('records one payment per invoice, even when two events report the same invoice paid', async () => {
    const donation = await openDonation('monthly@example.org', 7.5);
    await deliver(
      stripeEvent('checkout.session.completed', completedSession({ ...donation, intentId: donation.intent.id })),
    );
    const month1 = `in_${donation.intent.id.slice(0, 8)}_1`;
    const month2 = `in_${donation.intent.id.slice(0, 8)}_2`;
    for (const event of [
      stripeEvent('invoice.paid', invoice({ id: month1, subscription: donation.subscription, amount: 750 })),
      stripeEvent('invoice.paid', invoice({ id: month1, subscription: donation.subscription, amount: 750 })),
      stripeEvent('invoice.paid', invoice({ id: month2, subscription: donation.subscription, amount: 750 })),
    ]) {
      expect((await deliver(event)).status).toBe(200);
    }
    const payments = await prisma.donationPayment.findMany({
      where: { intentId: donation.intent.id },
      orderBy: { stripeInvoiceId: 'asc' },
    });
    expect(payments).toEqual([
      expect.objectContaining({ stripeInvoiceId: month1, amountCents: 750, currency: 'eur', status: 'paid' }),
      expect.objectContaining({ stripeInvoiceId: month2, amountCents: 750, currency: 'eur', status: 'paid' }),
    ]);
    expect(payments[0].stripeSubscriptionId).toBe(donation.subscription);
  });

  it('records a failed payment, lets a later success win, and never lets a late failure undo a payment', async () => {
    const donation = await openDonation('failing-card@example.org');
    await deliver(
      stripeEvent('checkout.session.completed', completedSession({ ...donation, intentId: donation.intent.id })),
    );
    const id = `in_${donation.intent.id.slice(0, 8)}_f`;
    const failed = () =>
      stripeEvent(
        'invoice.payment_failed',
        invoice({ id, subscription: donation.subscription, amount: 2500, status: 'open' }),
      );
    await deliver(failed());
    expect(await prisma.donationPayment.findUniqueOrThrow({ where: { stripeInvoiceId: id } })).toMatchObject({
      status: 'failed',
      amountCents: 2500,
      intentId: donation.intent.id,
    });
    await deliver(stripeEvent('invoice.paid', invoice({ id, subscription: donation.subscription, amount: 2500 })));
    await deliver(failed());
    expect(await prisma.donationPayment.findMany({ where: { stripeInvoiceId: id } })).toEqual([
      expect.objectContaining({ status: 'paid', amountCents: 2500 }),
    ]);
  });

  it('links a first invoice that arrives before checkout.session.completed through the subscription metadata', async () => {
    const donation = await openDonation('early-invoice@example.org');
    const id = `in_${donation.intent.id.slice(0, 8)}_early`;
    await deliver(
      stripeEvent(
        'invoice.paid',
        invoice({ id, subscription: donation.subscription, amount: 2500, intentId: donation.intent.id }),
      ),
    );
    expect((await prisma.donationPayment.findUniqueOrThrow({ where: { stripeInvoiceId: id } })).intentId).toBe(
      donation.intent.id,
    );
    await deliver(
      stripeEvent('checkout.session.completed', completedSession({ ...donation, intentId: donation.intent.id })),
    );
    expect(await prisma.donationIntent.findUniqueOrThrow({ where: { id: donation.intent.id } })).toMatchObject({
      status: 'completed',
      stripeSubscriptionId: donation.subscription,
    });
  });

  it('acknowledges event types it does not handle and stores nothing for them', async () => {
    const before = await prisma.stripeEvent.count();
    const event = stripeEvent('customer.created', { id: 'cus_unrelated', object: 'customer' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await prisma.stripeEvent.count()).toBe(before);
  });

  it('acknowledges events about donations it does not know (so Stripe stops retrying), recording the payment', async () => {
    const event = stripeEvent('invoice.paid', invoice({ id: 'in_orphan', subscription: 'sub_unknown', amount: 1000 }));
    expect((await deliver(event)).status).toBe(200);
    expect(await prisma.donationPayment.findUniqueOrThrow({ where: { stripeInvoiceId: 'in_orphan' } })).toMatchObject({
      intentId: null,
      stripeSubscriptionId: 'sub_unknown',
      status: 'paid',
    });
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
    const forged = stripeEvent('invoice.paid', invoice({ id: 'in_forged', subscription: 'sub_forged', amount: 100 }));
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
    for (const [client, id] of [
      ['203.0.113.1', 'in_after_flood_1'],
      ['203.0.113.66', 'in_after_flood_2'],
    ]) {
      const paid = stripeEvent('invoice.paid', invoice({ id, subscription: 'sub_after_flood', amount: 500 }));
      const response = await deliver(client, paid);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
    }
    const payments = await sql(
      fixture,
      "SELECT stripe_invoice_id FROM donation_payments WHERE stripe_subscription_id = 'sub_after_flood' ORDER BY 1",
    );
    expect(payments).toEqual([{ stripe_invoice_id: 'in_after_flood_1' }, { stripe_invoice_id: 'in_after_flood_2' }]);
  });
});
