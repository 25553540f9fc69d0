import { PrismaService } from '../src/database/prisma.service';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../src/stripe/stripe.client';
import { completedSession, invoice, signWebhook, stripeEvent } from './support/stripe-stub';
import { startTestStack, TEST_WEBHOOK_SECRET, TURNSTILE_TOKENS, type TestStack } from './support/test-app';

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
      body: JSON.stringify({ amount, email, language: 'en', turnstileToken: TURNSTILE_TOKENS.pass }),
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
