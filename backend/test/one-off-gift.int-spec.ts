import { Client } from 'pg';
import { FOUNDATION, ONE_OFF_DONATION_TIERS, ROUTES } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { ONE_OFF_DONATION_PRODUCT } from '../src/donations/checkout/checkout.service';
import { StatementsService } from '../src/donor-email/statements.service';
import { exportToBuffer } from './exports.helpers';
import { deliverOutcome, donorEmailsAskedFor, storedDonation } from './support/donations';
import { donorMessages } from './support/donors';
import { startOneOffGift, type StripeOneOffGift } from './support/stripe-one-off';
import { stripeEvent } from './support/stripe-stub';
import { donationBody } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/** A staff export as JSON lines. */
async function exported(stack: TestStack, dataset: string): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    const lines = (await exportToBuffer(client, dataset, 'jsonl')).toString('utf8').trim().split('\n');
    return lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  } finally {
    await client.end();
  }
}

/** Every order of `items`. */
function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('give once: a one-off gift by Checkout in payment mode (docs/product.md §4.1, §4.2)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => stack.close());

  it('asks Stripe for one payment of the amount, with dynamic payment methods, and stores a once donation', async () => {
    expect(ONE_OFF_DONATION_TIERS).toContain(50);
    const response = await fetch(`${stack.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(donationBody({ amount: 50, frequency: 'once', language: 'en', source: 'google' })),
    });
    expect(response.status).toBe(200);
    const session = stack.stripe.sessions.at(-1)!;
    expect(((await response.json()) as { url: string }).url).toBe(`${stack.stripe.url}/checkout/${session.id}`);
    const stored = await stack.app.get(PrismaService).donation.findUniqueOrThrow({
      where: { stripeSessionId: session.id },
    });
    expect(stored).toMatchObject({ frequency: 'once', status: 'open', amountCents: 5000, language: 'en' });
    expect(session.idempotencyKey).toBe(stored.id);
    const base = stack.config.site.publicBaseUrl;
    // The exact request: nothing recurring, no list of payment methods (the Dashboard's: iDEAL | Wero, Bancontact,
    // cards), the one-off product, the donation id on the session and on the PaymentIntent.
    expect(Object.fromEntries(session.params)).toEqual({
      mode: 'payment',
      submit_type: 'donate',
      currency: 'eur',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product]': ONE_OFF_DONATION_PRODUCT.id,
      customer_email: 'anna@example.org',
      locale: 'en',
      'metadata[donation_id]': stored.id,
      'metadata[language]': 'en',
      'metadata[source]': 'google',
      'metadata[frequency]': 'once',
      'payment_intent_data[metadata][donation_id]': stored.id,
      'payment_intent_data[metadata][language]': 'en',
      'payment_intent_data[metadata][source]': 'google',
      'payment_intent_data[metadata][frequency]': 'once',
      success_url: `${base}${ROUTES.thankYou.en}`,
      cancel_url: `${base}${ROUTES.donationCancelled.en}`,
    });
    expect(stack.stripe.products.get(ONE_OFF_DONATION_PRODUCT.id)).toMatchObject({ name: 'Eenmalige donatie' });
  });

  it('takes a custom "7,50" once, and refuses less than €5, more than €10,000 or another frequency', async () => {
    const gift = await startOneOffGift(stack, { email: 'custom@example.org', amount: '7,50' });
    expect(gift.amountCents).toBe(750);
    for (const [amount, frequency, field] of [
      [4.99, 'once', 'amount'],
      [10_000.01, 'once', 'amount'],
      [50, 'weekly', 'frequency'],
    ] as const) {
      const response = await fetch(`${stack.url}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(donationBody({ amount, frequency })),
      });
      expect(response.status).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual([field]);
    }
  });

  /** Delivers the events (each twice, the second a duplicate) and returns the stored donation and payments. */
  async function deliverAll(gift: StripeOneOffGift, events: object[]) {
    for (const event of events) {
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'duplicate']);
    }
    return storedDonation(stack, gift.donationId);
  }

  it('records the gift once however Checkout reports it: paid at once, or a delayed payment, in any order', async () => {
    const completedAt = Math.floor(Date.now() / 1000) - 300;
    const event = (gift: StripeOneOffGift, step: 'paid' | 'unpaid' | 'succeeded') =>
      step === 'succeeded'
        ? stripeEvent('checkout.session.async_payment_succeeded', gift.session('paid'), { created: completedAt + 60 })
        : stripeEvent('checkout.session.completed', gift.session(step), { created: completedAt });
    // iDEAL | Wero or a card: paid when Checkout completes. A delayed method: completed unpaid, then settled.
    const stories = [['paid'], ['unpaid', 'succeeded']] as const;
    let n = 0;
    for (const story of stories) {
      for (const order of orders([...story])) {
        n += 1;
        const gift = await startOneOffGift(stack, { email: `once-${n}@example.org`, amount: 25 });
        const events = order.map((step) => event(gift, step));
        const { donation, payments } = await deliverAll(gift, events);
        expect(donation).toMatchObject({
          frequency: 'once',
          status: 'active',
          nextPaymentAt: null,
          startedAt: new Date(completedAt * 1000),
          stripeSubscriptionId: null,
        });
        expect(payments).toEqual([
          expect.objectContaining({
            status: 'paid',
            amountCents: 2500,
            stripeInvoiceId: null,
            stripePaymentIntentId: gift.paymentIntent,
            paidAt: new Date(completedAt * 1000),
          }),
        ]);
        expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`one_off_thanks:${gift.donationId}`]);
      }
    }
  });

  it('thanks in the donor language with the amount and the ANBI facts of an ordinary gift, without a manage link', async () => {
    const gift = await startOneOffGift(stack, { email: 'ana@example.org', amount: 100, language: 'es' });
    await deliverAll(gift, [stripeEvent('checkout.session.completed', gift.session('paid'))]);
    const [message] = await donorMessages(stack, 'ana@example.org', 1);
    expect(message.subject).toBe('Gracias por tu donación');
    expect(message.text).toMatch(/Tu donación: 100\s€/);
    expect(message.text).toContain(`${FOUNDATION.name} (RSIN ${FOUNDATION.rsin})`);
    expect(message.text).toContain('ANBI');
    expect(message.text).toContain('el 1% de tus ingresos, con un mínimo de 60 €');
    expect(message.text).toContain('el 10% de tus ingresos');
    expect(message.text).not.toContain('token=');
    expect(message.text).not.toMatch(/mensual/);
  });

  it('a failed or expired one-off gift is failed, with no thank-you and no payment-failed email', async () => {
    for (const order of orders(['completed', 'failed'])) {
      const gift = await startOneOffGift(stack, { email: 'failed@example.org' });
      const events = order.map((step) =>
        step === 'completed'
          ? stripeEvent('checkout.session.completed', gift.session('unpaid'))
          : stripeEvent('checkout.session.async_payment_failed', gift.session('unpaid')),
      );
      const { donation, payments } = await deliverAll(gift, events);
      expect(donation).toMatchObject({ status: 'failed', lastError: 'The payment failed' });
      expect(payments).toEqual([expect.objectContaining({ status: 'failed', paidAt: null })]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([]);
    }
    const expired = await startOneOffGift(stack, { email: 'expired@example.org' });
    const { donation, payments } = await deliverAll(expired, [
      stripeEvent('checkout.session.expired', expired.session('unpaid', 'expired')),
    ]);
    expect(donation).toMatchObject({ status: 'failed', lastError: 'The Checkout page expired unused' });
    expect(payments).toEqual([]);
    expect(await donorEmailsAskedFor(stack, expired.donationId)).toEqual([]);
  });

  it('a refund of a one-off gift is found by its PaymentIntent; the statement counts paid one-off gifts', async () => {
    const address = 'willem@example.org';
    const kept = await startOneOffGift(stack, { email: address, amount: 250 });
    await deliverAll(kept, [stripeEvent('checkout.session.completed', kept.session('paid'))]);
    const refunded = await startOneOffGift(stack, { email: address, amount: 25 });
    await deliverAll(refunded, [stripeEvent('checkout.session.completed', refunded.session('paid'))]);
    const charge = refunded.charge({ method: 'ideal', status: 'succeeded', amount_refunded: 2500 });
    await deliverAll(refunded, [stripeEvent('charge.refunded', charge)]);
    const { payments } = await storedDonation(stack, refunded.donationId);
    expect(payments).toEqual([expect.objectContaining({ status: 'refunded', refundedCents: 2500 })]);

    const year = new Date().getFullYear();
    const plans = await stack.app.get(StatementsService).queueStatements({ year, email: address, dryRun: false });
    expect(plans).toEqual([expect.objectContaining({ email: address, payments: 1, totalCents: 25_000 })]);
    const statement = (await donorMessages(stack, address, 3)).find((message) =>
      message.subject.includes(String(year)),
    );
    expect(statement?.text).toMatch(/€\s250\n/);
  });

  it('shows monthly or once in the donations and payments exports', async () => {
    const gift = await startOneOffGift(stack, { email: 'export@example.org', amount: 50 });
    await deliverAll(gift, [stripeEvent('checkout.session.completed', gift.session('paid'))]);
    const donations = await exported(stack, 'donations');
    expect(donations.find((row) => row.id === gift.donationId)).toMatchObject({
      frequency: 'once',
      status: 'active',
      amount_cents: 5000,
    });
    const payments = await exported(stack, 'donation-payments');
    expect(payments.find((row) => row.donation_id === gift.donationId)).toMatchObject({
      frequency: 'once',
      status: 'paid',
      stripe_invoice_id: null,
      stripe_payment_intent_id: gift.paymentIntent,
    });
  });

  it('a monthly gift started without a frequency stays monthly and is exported so', async () => {
    const response = await fetch(`${stack.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(donationBody({ amount: 250 })),
    });
    expect(response.status).toBe(200);
    const session = stack.stripe.sessions.at(-1)!;
    expect(session.params.get('mode')).toBe('subscription');
    const id = session.params.get('metadata[donation_id]');
    expect((await exported(stack, 'donations')).find((row) => row.id === id)).toMatchObject({ frequency: 'monthly' });
  });
});
