import { PrismaService } from '../src/database/prisma.service';
import { assertCliBuilt, runCommand } from './exports.helpers';
import {
  deliverOutcome,
  donorEmailsAskedFor,
  startDonation,
  storedDonation,
  type StripeTestEvent,
} from './support/donations';
import { stripeCharge, stripeDispute, stripeEvent, type StripeGift } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * The life of a monthly gift (docs/product.md §4.2), driven through the real webhook endpoint with signed events
 * shaped after Stripe's API reference for the pinned version, against real PostgreSQL and the Stripe stand-in (which
 * answers the ledger's invoice payment lookups). Each sequence ends in the state a donor and staff would expect, with
 * each donor email queued once and delivered once to the SMTP server on loopback.
 */
describe('the donation ledger: every payment outcome, in any order', () => {
  let stack: TestStack;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const DAY = 86_400;
  const MONTH = 30 * DAY;
  const at = (seconds: number) => new Date(seconds * 1000);

  /** How Stripe charged an invoice: what GET /v1/invoice_payments answers from now on (each attempt, newest last). */
  function charged(
    gift: StripeGift,
    invoiceId: string,
    attempts: Array<[method: string, status: 'succeeded' | 'failed' | 'pending']>,
  ) {
    const charges = attempts.map(([method, status]) =>
      stripeCharge({ amount: gift.amountCents, method, status, customer: gift.customer }),
    );
    stack.stripe.invoicePayments.set(
      invoiceId,
      charges.map((charge) => gift.invoicePayment(invoiceId, charge)),
    );
    return charges;
  }

  async function deliverAll(events: StripeTestEvent[], expected = 'processed'): Promise<void> {
    for (const event of events)
      expect([event.type, ...(await deliverOutcome(stack.url, event))]).toEqual([event.type, 200, expected]);
  }

  const invoiceIds = (gift: StripeGift) => [gift.firstInvoice, `${gift.firstInvoice}_2`, `${gift.firstInvoice}_3`];

  it('iDEAL for the first month, then SEPA Direct Debit: active, the method follows the payments, one welcome', async () => {
    const gift = await startDonation(stack, { email: 'ideal@example.org', amount: 25 });
    const [in1, in2, in3] = invoiceIds(gift);
    charged(gift, in1, [['ideal', 'succeeded']]);
    await deliverAll([stripeEvent('checkout.session.completed', gift.session('paid'))]);
    // iDEAL is paid at once: active straight away, with the method of that first payment.
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'active',
      paymentMethodType: 'ideal',
    });

    charged(gift, in2, [['sepa_debit', 'succeeded']]);
    charged(gift, in3, [['sepa_debit', 'succeeded']]);
    await deliverAll([
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active', month: 1 })),
      stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid' })),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active', month: 2 })),
      stripeEvent('invoice.paid', gift.invoice(in3, 2, { status: 'paid' })),
    ]);

    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({
      status: 'active',
      paymentMethodType: 'sepa_debit',
      amountCents: 2500,
      // The first month was paid three days after its invoice (as the stand-in's invoices say).
      startedAt: at(gift.start + 3 * DAY),
      nextPaymentAt: at(gift.start + 3 * MONTH),
      failedAttempts: 0,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
    });
    expect(payments.map((p) => [p.stripeInvoiceId, p.status, p.paymentMethodType, p.amountCents])).toEqual([
      [in1, 'paid', 'ideal', 2500],
      [in2, 'paid', 'sepa_debit', 2500],
      [in3, 'paid', 'sepa_debit', 2500],
    ]);
    for (const payment of payments) {
      expect(payment.stripeChargeId).toMatch(/^ch_/);
      expect(payment.paidAt).toEqual(expect.any(Date));
    }
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`welcome:${gift.donationId}`]);
  });

  it('a SEPA first payment that succeeds days later: pending (never active) until it does, then welcomed once', async () => {
    const gift = await startDonation(stack, { email: 'sepa-late@example.org', amount: 10 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['sepa_debit', 'pending']]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('unpaid')),
      // Stripe may already call the subscription active: the debit is still processing.
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active' })),
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'pending',
      paymentMethodType: 'sepa_debit',
      startedAt: null,
    });
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([]);

    charged(gift, in1, [['sepa_debit', 'succeeded']]);
    await deliverAll([
      stripeEvent('checkout.session.async_payment_succeeded', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ]);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({
      status: 'active',
      startedAt: expect.any(Date),
      nextPaymentAt: at(gift.start + MONTH),
    });
    expect(payments.map((p) => [p.status, p.paymentMethodType])).toEqual([['paid', 'sepa_debit']]);
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`welcome:${gift.donationId}`]);
  });

  it('a SEPA first payment that fails: failed, one payment-failed email, and no cancellation email when Stripe ends it', async () => {
    const gift = await startDonation(stack, { email: 'sepa-fails@example.org', amount: 10 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['sepa_debit', 'pending']]);
    await deliverAll([stripeEvent('checkout.session.completed', gift.session('unpaid'))]);
    charged(gift, in1, [['sepa_debit', 'failed']]);
    await deliverAll([
      stripeEvent('invoice.payment_failed', gift.invoice(in1, 0, { status: 'open', attempt_count: 1 })),
      stripeEvent('checkout.session.async_payment_failed', gift.session('unpaid')),
      stripeEvent(
        'customer.subscription.deleted',
        gift.subscriptionObject({
          status: 'canceled',
          ended_at: gift.start + 5 * DAY,
          canceled_at: gift.start + 5 * DAY,
        }),
      ),
    ]);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({
      status: 'failed',
      startedAt: null,
      nextPaymentAt: null,
      lastError: 'The first payment failed',
    });
    expect(payments.map((p) => [p.status, p.paymentMethodType, p.paidAt])).toEqual([['failed', 'sepa_debit', null]]);
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`payment_failed:${in1}`]);
  });

  it('a SEPA first payment that fails is known from the payments alone, without the Checkout failure event', async () => {
    const gift = await startDonation(stack, { email: 'sepa-fails-quietly@example.org', amount: 10 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['sepa_debit', 'pending']]);
    await deliverAll([stripeEvent('checkout.session.completed', gift.session('unpaid'))]);
    charged(gift, in1, [['sepa_debit', 'failed']]);
    // No checkout.session.async_payment_failed arrives: only the invoice's failure, then the end of the subscription.
    await deliverAll([
      stripeEvent('invoice.payment_failed', gift.invoice(in1, 0, { status: 'open', attempt_count: 1 })),
      stripeEvent(
        'customer.subscription.deleted',
        gift.subscriptionObject({
          status: 'canceled',
          ended_at: gift.start + 5 * DAY,
          canceled_at: gift.start + 5 * DAY,
        }),
      ),
    ]);
    const { donation } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({ status: 'failed', startedAt: null, nextPaymentAt: null });
    // Never thanked "for everything you have given": no cancellation email to someone who never gave.
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`payment_failed:${in1}`]);
  });

  it('a paused subscription reads paused with the resume date as its next debit, then active again', async () => {
    const gift = await startDonation(stack, { email: 'pauses@example.org', amount: 20 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['ideal', 'succeeded']]);
    const resumesAt = gift.start + 3 * MONTH;
    const paused = stripeEvent(
      'customer.subscription.updated',
      gift.subscriptionObject({ status: 'active', paused_until: resumesAt }),
    );
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      paused,
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'paused',
      nextPaymentAt: at(resumesAt),
    });
    const resumed = stripeEvent(
      'customer.subscription.updated',
      gift.subscriptionObject({ status: 'active', month: 1 }),
    );
    resumed.created = paused.created + 60;
    await deliverAll([resumed]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({ status: 'active' });
  });

  it('two amount changes in the same second: the amount Stripe has now wins, whatever order they arrive in', async () => {
    const gift = await startDonation(stack, { email: 'same-second@example.org', amount: 6 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['ideal', 'succeeded']]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ]);
    // The donor went from 6 to 25 euro; Stripe sent both updates in one second, and they arrive reversed.
    const second = gift.start + 10 * DAY;
    const to25 = gift.subscriptionObject({ status: 'active', amount: 2500 });
    const to6 = gift.subscriptionObject({ status: 'active', amount: 600 });
    stack.stripe.subscriptions.set(gift.subscription, to25);
    await deliverAll([
      stripeEvent('customer.subscription.updated', to25, { created: second }),
      stripeEvent('customer.subscription.updated', to6, { created: second }),
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation.amountCents).toBe(2500);
  });

  it('a failed renewal, retried, then paid: past due with the attempts and the next try, then active again', async () => {
    const gift = await startDonation(stack, { email: 'recovers@example.org', amount: 20 });
    const [in1, in2] = invoiceIds(gift);
    charged(gift, in1, [['card', 'succeeded']]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ]);

    const firstRetry = gift.start + MONTH + 3 * DAY;
    const secondRetry = gift.start + MONTH + 8 * DAY;
    charged(gift, in2, [['card', 'failed']]);
    await deliverAll([
      stripeEvent(
        'invoice.payment_failed',
        gift.invoice(in2, 1, { status: 'open', attempt_count: 1, next_payment_attempt: firstRetry }),
      ),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'past_due', month: 1 })),
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'past_due',
      failedAttempts: 1,
      nextPaymentAt: at(firstRetry),
    });
    charged(gift, in2, [
      ['card', 'failed'],
      ['card', 'failed'],
    ]);
    await deliverAll([
      stripeEvent(
        'invoice.payment_failed',
        gift.invoice(in2, 1, { status: 'open', attempt_count: 2, next_payment_attempt: secondRetry }),
      ),
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'past_due',
      failedAttempts: 2,
      nextPaymentAt: at(secondRetry),
    });

    charged(gift, in2, [
      ['card', 'failed'],
      ['card', 'failed'],
      ['card', 'succeeded'],
    ]);
    await deliverAll([
      stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid', attempt_count: 3 })),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active', month: 1 })),
    ]);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({ status: 'active', failedAttempts: 0, nextPaymentAt: at(gift.start + 2 * MONTH) });
    expect(payments.map((p) => [p.stripeInvoiceId, p.status, p.attemptCount, p.nextAttemptAt])).toEqual([
      [in1, 'paid', 1, null],
      [in2, 'paid', 3, null],
    ]);
    // One payment-failed email for the invoice, however many attempts failed.
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
      `welcome:${gift.donationId}`,
      `payment_failed:${in2}`,
    ]);
  });

  it('cancelled in the customer portal: runs to the end of the month without a next payment, then cancelled once', async () => {
    const gift = await startDonation(stack, { email: 'portal-cancel@example.org', amount: 15 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['card', 'succeeded']]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ]);
    const requested = gift.start + 10 * DAY;
    await deliverAll([
      stripeEvent(
        'customer.subscription.updated',
        gift.subscriptionObject({ status: 'active', cancel_at_period_end: true, canceled_at: requested }),
      ),
    ]);
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextPaymentAt: null,
      cancelledAt: null,
    });
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`welcome:${gift.donationId}`]);

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      gift.subscriptionObject({
        status: 'canceled',
        cancel_at_period_end: true,
        canceled_at: requested,
        ended_at: gift.start + MONTH,
      }),
    );
    await deliverAll([deleted]);
    await deliverAll([deleted], 'duplicate');
    expect((await storedDonation(stack, gift.donationId)).donation).toMatchObject({
      status: 'cancelled',
      cancelledAt: at(gift.start + MONTH),
      nextPaymentAt: null,
    });
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
      `welcome:${gift.donationId}`,
      `cancelled:${gift.donationId}`,
    ]);
  });

  it('a refund (partial, then full) and a reversed SEPA debit mark the payments, and nothing undoes that', async () => {
    const gift = await startDonation(stack, { email: 'refund@example.org', amount: 25 });
    const [in1, in2] = invoiceIds(gift);
    const [first] = charged(gift, in1, [['ideal', 'succeeded']]);
    const [second] = charged(gift, in2, [['sepa_debit', 'succeeded']]);
    const paidAgain = stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid' }));
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      paidAgain,
    ]);

    await deliverAll([stripeEvent('charge.refunded', { ...first, amount_refunded: 1000, refunded: false })]);
    const reversal = stripeDispute(second);
    let { payments } = await storedDonation(stack, gift.donationId);
    expect(payments[0]).toMatchObject({ status: 'paid', refundedCents: 1000 });

    await deliverAll([
      stripeEvent('charge.refunded', { ...first, amount_refunded: 2500, refunded: true }),
      stripeEvent('charge.dispute.created', reversal),
      // Stripe reporting the invoice paid again (another event) does not turn the reversed debit back into "paid".
      stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid' })),
      // A refund that arrives late with an older amount does not lower it either.
      stripeEvent('charge.refunded', { ...first, amount_refunded: 1000, refunded: false }),
    ]);
    const stored = await storedDonation(stack, gift.donationId);
    payments = stored.payments;
    expect(payments.map((p) => [p.stripeInvoiceId, p.status, p.refundedCents, p.stripeChargeId])).toEqual([
      [in1, 'refunded', 2500, first.id],
      [in2, 'disputed', 0, second.id],
    ]);
    // For the books the gift goes on: refunds and disputes are per payment; the reversed debit asks the donor whether
    // they meant to stop (docs/product.md §4.2).
    expect(stored.donation.status).toBe('active');
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
      `welcome:${gift.donationId}`,
      `stop_check:${reversal.id}`,
    ]);
  });

  it('a dispute won, or an inquiry closed with no money moved, makes the payment a gift again; a lost one stays', async () => {
    const gift = await startDonation(stack, { email: 'dispute-won@example.org', amount: 25 });
    const [in1, in2, in3] = invoiceIds(gift);
    const [first] = charged(gift, in1, [['card', 'succeeded']]);
    const [second] = charged(gift, in2, [['card', 'succeeded']]);
    const [third] = charged(gift, in3, [['card', 'succeeded']]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid' })),
      stripeEvent('invoice.paid', gift.invoice(in3, 2, { status: 'paid' })),
    ]);
    const statuses = async () =>
      (await storedDonation(stack, gift.donationId)).payments.map((p) => [p.stripeInvoiceId, p.status]);

    // Three disputes open; the first is won (funds reinstated), the second an inquiry closed with no money moved.
    const won = stripeDispute(first, 'fraudulent');
    const inquiry = stripeDispute(second, 'general', 'warning_needs_response');
    const lost = stripeDispute(third, 'fraudulent');
    await deliverAll([
      stripeEvent('charge.dispute.created', won),
      stripeEvent('charge.dispute.created', inquiry),
      stripeEvent('charge.dispute.created', lost),
    ]);
    expect(await statuses()).toEqual([
      [in1, 'disputed'],
      [in2, 'disputed'],
      [in3, 'disputed'],
    ]);
    await deliverAll([
      stripeEvent('charge.dispute.closed', { ...won, status: 'won' }),
      stripeEvent('charge.dispute.funds_reinstated', { ...won, status: 'won' }),
      stripeEvent('charge.dispute.closed', { ...inquiry, status: 'warning_closed' }),
      stripeEvent('charge.dispute.closed', { ...lost, status: 'lost' }),
      // Late and repeated news changes none of that: an update of the open dispute, the invoice paid again.
      stripeEvent('charge.dispute.updated', { ...won, status: 'under_review' }),
      stripeEvent('charge.dispute.updated', { ...lost, status: 'under_review' }),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ]);
    expect(await statuses()).toEqual([
      [in1, 'paid'],
      [in2, 'paid'],
      [in3, 'disputed'],
    ]);
    // The yearly statement counts the two payments that are gifts again, not the lost one.
    const year = String(new Date().getFullYear());
    const run = await runCommand(
      'donations',
      ['statements', '--year', year, '--email', 'dispute-won@example.org', '--dry-run'],
      {
        DATABASE_URL: stack.database.url,
      },
    );
    expect(run.stdout.toString()).toContain('dispute-won@example.org  2 payments, EUR 50.00');
  });

  it('dates a SEPA gift by its debit, not by the confirmation days later: late December counts for that year', async () => {
    const gift = await startDonation(stack, { email: 'sepa-december@example.org', amount: 25 });
    const [in1] = invoiceIds(gift);
    // Debited on 30 December 2025 at 23:00 Amsterdam time; Stripe confirms it on 5 January 2026.
    const debitedAt = Date.UTC(2025, 11, 30, 22, 0, 0) / 1000;
    const charge = stripeCharge({
      amount: gift.amountCents,
      method: 'sepa_debit',
      status: 'succeeded',
      created: debitedAt,
    });
    stack.stripe.invoicePayments.set(in1, [gift.invoicePayment(in1, charge)]);
    const invoice = gift.invoice(in1, 0, { status: 'paid' });
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: Date.UTC(2026, 0, 5, 9, 0, 0) / 1000 };
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('unpaid')),
      stripeEvent('invoice.paid', invoice),
    ]);
    const [payment] = (await storedDonation(stack, gift.donationId)).payments;
    expect(payment.paidAt).toEqual(at(debitedAt));
    const statement = (year: string) =>
      runCommand('donations', ['statements', '--year', year, '--email', 'sepa-december@example.org', '--dry-run'], {
        DATABASE_URL: stack.database.url,
      });
    expect((await statement('2025')).stdout.toString()).toContain('sepa-december@example.org  1 payment, EUR 25.00');
    expect((await statement('2026')).stdout.toString()).not.toContain('sepa-december@example.org');
  });

  it('a payment found refunded when its invoice event is applied late is recorded as refunded', async () => {
    const gift = await startDonation(stack, { email: 'late-invoice@example.org', amount: 25 });
    const [in1] = invoiceIds(gift);
    const [charge] = charged(gift, in1, [['card', 'succeeded']]);
    // The refund came first and found no payment of ours; the charge at Stripe says it all by now.
    await deliverAll([stripeEvent('charge.refunded', { ...charge, amount_refunded: 2500, refunded: true })]);
    stack.stripe.invoicePayments.set(in1, [
      gift.invoicePayment(in1, { ...charge, amount_refunded: 2500, refunded: true }),
    ]);
    await deliverAll([stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' }))]);
    expect((await storedDonation(stack, gift.donationId)).payments).toEqual([
      expect.objectContaining({ status: 'refunded', refundedCents: 2500 }),
    ]);
  });

  /** A whole life: iDEAL, a failed SEPA renewal paid on the second try, a raise, cancelled in the portal. */
  function lifeOf(gift: StripeGift): StripeTestEvent[] {
    const [in1, in2] = invoiceIds(gift);
    charged(gift, in1, [['ideal', 'succeeded']]);
    charged(gift, in2, [
      ['sepa_debit', 'failed'],
      ['sepa_debit', 'succeeded'],
    ]);
    const requested = gift.start + MONTH + 20 * DAY;
    return [
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active', month: 1 })),
      stripeEvent(
        'invoice.payment_failed',
        gift.invoice(in2, 1, { status: 'open', attempt_count: 1, next_payment_attempt: gift.start + MONTH + 3 * DAY }),
      ),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'past_due', month: 1 })),
      stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid', attempt_count: 2 })),
      stripeEvent(
        'customer.subscription.updated',
        gift.subscriptionObject({ status: 'active', month: 1, amount: 3000 }),
      ),
      stripeEvent(
        'customer.subscription.updated',
        gift.subscriptionObject({
          status: 'active',
          month: 1,
          amount: 3000,
          cancel_at_period_end: true,
          canceled_at: requested,
        }),
      ),
      stripeEvent(
        'customer.subscription.deleted',
        gift.subscriptionObject({
          status: 'canceled',
          month: 1,
          amount: 3000,
          cancel_at_period_end: true,
          canceled_at: requested,
          ended_at: gift.start + 2 * MONTH,
        }),
      ),
    ];
  }

  /** What staff see of a donation and its payments, without ids that differ between donations. */
  async function outcome(gift: StripeGift) {
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    return {
      status: donation.status,
      amountCents: donation.amountCents,
      paymentMethodType: donation.paymentMethodType,
      startedAt: donation.startedAt?.getTime() === (gift.start + 3 * DAY) * 1000,
      nextPaymentAt: donation.nextPaymentAt,
      failedAttempts: donation.failedAttempts,
      cancelAtPeriodEnd: donation.cancelAtPeriodEnd,
      cancelledAfterStart: (donation.cancelledAt?.getTime() ?? 0) - gift.start * 1000,
      payments: payments.map((p) => [p.status, p.paymentMethodType, p.amountCents, p.attemptCount, p.nextAttemptAt]),
    };
  }

  it('ends in the same state whatever order the events arrive in, and however often', async () => {
    const inOrder = await startDonation(stack, { email: 'in-order@example.org', amount: 25 });
    await deliverAll(lifeOf(inOrder));
    const expected = await outcome(inOrder);
    expect(expected).toEqual({
      status: 'cancelled',
      amountCents: 3000,
      paymentMethodType: 'sepa_debit',
      startedAt: true,
      nextPaymentAt: null,
      failedAttempts: 0,
      cancelAtPeriodEnd: true,
      cancelledAfterStart: 2 * MONTH * 1000,
      payments: [
        ['paid', 'ideal', 2500, 1, null],
        ['paid', 'sepa_debit', 2500, 2, null],
      ],
    });
    const [, in2] = invoiceIds(inOrder);
    expect(await donorEmailsAskedFor(stack, inOrder.donationId)).toEqual([
      `welcome:${inOrder.donationId}`,
      `payment_failed:${in2}`,
      `cancelled:${inOrder.donationId}`,
    ]);

    const orders: Array<[string, (events: StripeTestEvent[]) => StripeTestEvent[]]> = [
      ['reversed', (events) => [...events].reverse()],
      [
        'shuffled, each twice',
        (events) => [3, 8, 0, 5, 1, 7, 2, 6, 4].flatMap((i) => [events[i], events[(i * 5) % 9]]),
      ],
      [
        'interleaved, the end first',
        (events) => [events[8], ...events.slice(0, 4), events[7], events[4], events[6], events[5]],
      ],
    ];
    for (const [name, reorder] of orders) {
      const gift = await startDonation(stack, { email: `${name.replace(/\W+/g, '-')}@example.org`, amount: 25 });
      const events = lifeOf(gift);
      const seen = new Set<string>();
      for (const event of reorder(events)) {
        const [status, result] = await deliverOutcome(stack.url, event);
        expect([name, event.type, status, result]).toEqual([
          name,
          event.type,
          200,
          seen.has(event.id) ? 'duplicate' : 'processed',
        ]);
        seen.add(event.id);
      }
      expect(seen.size).toBe(events.length);
      expect([name, await outcome(gift)]).toEqual([name, expected]);
      // However the events came, no email twice, and the cancellation is always told.
      const mails = await donorEmailsAskedFor(stack, gift.donationId);
      expect(new Set(mails).size).toBe(mails.length);
      expect(mails).toContain(`cancelled:${gift.donationId}`);
    }
  });

  it('applies concurrent deliveries about one donation one after another: one welcome, one payment', async () => {
    const gift = await startDonation(stack, { email: 'concurrent@example.org', amount: 25 });
    const [in1] = invoiceIds(gift);
    charged(gift, in1, [['card', 'succeeded']]);
    const events = [
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
      stripeEvent('customer.subscription.updated', gift.subscriptionObject({ status: 'active' })),
    ];
    const results = await Promise.all([...events, ...events].map((event) => deliverOutcome(stack.url, event)));
    expect(results.filter(([, outcome]) => outcome === 'processed')).toHaveLength(3);
    expect(results.filter(([, outcome]) => outcome === 'duplicate')).toHaveLength(3);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(donation.status).toBe('active');
    expect(payments).toHaveLength(1);
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`welcome:${gift.donationId}`]);
  });

  it('marks a Checkout page that expired unused as failed, and keeps the amount a subscription change set', async () => {
    const expired = await startDonation(stack, { email: 'expired@example.org' });
    await deliverAll([stripeEvent('checkout.session.expired', expired.session('unpaid', 'expired'))]);
    expect((await storedDonation(stack, expired.donationId)).donation).toMatchObject({
      status: 'failed',
      lastError: 'The Checkout page expired unused',
    });

    const raised = await startDonation(stack, { email: 'raised@example.org', amount: 10 });
    const newer = stripeEvent(
      'customer.subscription.updated',
      raised.subscriptionObject({ status: 'active', amount: 4000 }),
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      raised.subscriptionObject({ status: 'active', amount: 2000 }),
      {
        created: newer.created - 60,
      },
    );
    await deliverAll([newer, older]);
    expect((await storedDonation(stack, raised.donationId)).donation.amountCents).toBe(4000);
    expect(await stack.app.get(PrismaService).stripeEvent.count({ where: { id: older.id } })).toBe(1);
  });

  describe('a signed event is not trusted field by field', () => {
    /** The event's record: processed once, and the payments of the donation (none expected). */
    async function recorded(eventId: string, donationId: string) {
      const prisma = stack.app.get(PrismaService);
      return {
        events: await prisma.stripeEvent.count({ where: { id: eventId } }),
        payments: await prisma.donationPayment.count({ where: { donationId } }),
      };
    }

    it.each<[string, Record<string, unknown>]>([
      ['a currency other than euro', { currency: 'usd' }],
      ['an amount below zero', { amount_paid: -2500 }],
      ['no lines', { lines: undefined }],
      ['lines without their data', { lines: { object: 'list' } }],
    ])('an invoice with %s is recorded as processed, changes nothing and is not retried', async (_what, change) => {
      const gift = await startDonation(stack, { email: `invoice-${Object.keys(change)[0]}@example.org` });
      charged(gift, gift.firstInvoice, [['ideal', 'succeeded']]);
      const invoice = { ...gift.invoice(gift.firstInvoice, 0, { status: 'paid' }), ...change };
      const event = stripeEvent('invoice.paid', invoice);
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
      expect(await recorded(event.id, gift.donationId)).toEqual({ events: 1, payments: 0 });
      expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('open');
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'duplicate']);
    });

    it.each<[string, (subscription: Record<string, unknown>) => Record<string, unknown>]>([
      ['no items', (subscription) => ({ ...subscription, items: undefined })],
      [
        'a price in another currency',
        (subscription) => {
          const items = subscription.items as { data: Array<{ price: Record<string, unknown> }> };
          return {
            ...subscription,
            items: {
              ...items,
              data: items.data.map((item) => ({ ...item, price: { ...item.price, currency: 'usd' } })),
            },
          };
        },
      ],
    ])('a subscription update with %s is recorded as processed and changes nothing', async (_what, alter) => {
      const gift = await startDonation(stack, { email: `subscription-${_what.length}@example.org`, amount: 10 });
      const subscription = gift.subscriptionObject({ status: 'active', amount: 4000 }) as unknown as Record<
        string,
        unknown
      >;
      const event = stripeEvent('customer.subscription.updated', alter(subscription));
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
      const { donation } = await storedDonation(stack, gift.donationId);
      expect(donation).toMatchObject({ amountCents: 1000, subscriptionStatus: null });
      expect(await recorded(event.id, gift.donationId)).toEqual({ events: 1, payments: 0 });
    });

    it('a refund of a negative amount changes nothing', async () => {
      const gift = await startDonation(stack, { email: 'negative-refund@example.org' });
      const [charge] = charged(gift, gift.firstInvoice, [['ideal', 'succeeded']]);
      await deliverAll([stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' }))]);
      const event = stripeEvent('charge.refunded', { ...charge, amount_refunded: -500, refunded: true });
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
      const { payments } = await storedDonation(stack, gift.donationId);
      expect(payments).toMatchObject([{ status: 'paid', refundedCents: 0 }]);
    });
  });
});
