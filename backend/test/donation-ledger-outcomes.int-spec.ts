import { assertCliBuilt, runCommand } from './exports.helpers';
import {
  deliverOutcome,
  donorEmailsAskedFor,
  startDonation,
  storedDonation,
  type StripeTestEvent,
} from './support/donations';
import {
  stripeCharge,
  stripeDispute,
  stripeEvent,
  stripeMandate,
  stripeRefund,
  stripeSepaPaymentMethod,
  type StripeGift,
} from './support/stripe-stub';
import { bodies, sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Outcomes Stripe reports later than the payment (docs/product.md §4.2): a refund that fails, a renewal the donor must
 * confirm (3-D Secure), a SEPA debit reversed by the donor's bank and a mandate withdrawn. Driven through the signed
 * webhook against the Stripe stand-in, checked in the ledger, the emails in the SMTP server on loopback, the donations
 * export and the yearly statement's total.
 */
describe('the donation ledger: outcomes that arrive later', () => {
  let stack: TestStack;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  async function deliverAll(events: StripeTestEvent[], expected = 'processed'): Promise<void> {
    for (const event of events)
      expect([event.type, ...(await deliverOutcome(stack.url, event))]).toEqual([event.type, 200, expected]);
  }

  /** A gift whose first invoice was paid with `method`: its charge, recorded in the ledger. */
  async function paidGift(email: string, method: string) {
    const gift = await startDonation(stack, { email, amount: 25 });
    const charge = stripeCharge({ amount: gift.amountCents, method, status: 'succeeded', customer: gift.customer });
    stack.stripe.invoicePayments.set(gift.firstInvoice, [gift.invoicePayment(gift.firstInvoice, charge)]);
    await deliverAll([
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
    ]);
    return { gift, charge };
  }

  /** What the yearly statement of this year counts for `email`, as the staff command prints it. */
  async function statementLine(email: string): Promise<string> {
    const year = String(new Date().getFullYear());
    const run = await runCommand('donations', ['statements', '--year', year, '--email', email, '--dry-run'], {
      DATABASE_URL: stack.database.url,
    });
    return run.stdout.toString();
  }

  describe('a refund that fails', () => {
    it('makes the payment a gift again: paid, nothing refunded, back on the statement', async () => {
      const { gift, charge } = await paidGift('refund-fails@example.org', 'sepa_debit');
      const refund = stripeRefund(charge, 2500, 'succeeded');
      stack.stripe.refunds.set(charge.id, [refund]);
      await deliverAll([stripeEvent('charge.refunded', { ...charge, amount_refunded: 2500, refunded: true })]);
      expect((await storedDonation(stack, gift.donationId)).payments[0]).toMatchObject({
        status: 'refunded',
        refundedCents: 2500,
      });
      expect(await statementLine('refund-fails@example.org')).toContain('0 statement(s) would be queued');

      // Days later the donor's account turns out closed: Stripe reports the refund failed, the money is back.
      const failed = { ...refund, status: 'failed', failure_reason: 'unknown' };
      stack.stripe.refunds.set(charge.id, [failed]);
      await deliverAll([
        stripeEvent('refund.failed', failed),
        // Late and repeated news does not make it refunded again: the old charge event, the refund's earlier update.
        stripeEvent('charge.refunded', { ...charge, amount_refunded: 2500, refunded: true }),
        stripeEvent('refund.updated', refund),
        stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
      ]);
      expect((await storedDonation(stack, gift.donationId)).payments[0]).toMatchObject({
        status: 'paid',
        refundedCents: 0,
      });
      expect(await statementLine('refund-fails@example.org')).toContain('1 payment, EUR 25.00');
    });

    it('in the other order, before Stripe lists it failed, and with a second refund that succeeds: the same', async () => {
      const { gift, charge } = await paidGift('refund-order@example.org', 'card');
      const first = stripeRefund(charge, 1000, 'succeeded');
      const second = stripeRefund(charge, 500, 'succeeded');
      // Stripe's list still shows the first refund as succeeded when its failure is delivered: the event's word counts.
      stack.stripe.refunds.set(charge.id, [first, second]);
      await deliverAll([
        stripeEvent('refund.failed', { ...first, status: 'failed' }),
        stripeEvent('charge.refunded', { ...charge, amount_refunded: 1500, refunded: false }),
        stripeEvent('refund.updated', first),
      ]);
      const { payments } = await storedDonation(stack, gift.donationId);
      expect(payments[0]).toMatchObject({ status: 'paid', refundedCents: 500 });
      expect(await statementLine('refund-order@example.org')).toContain('1 payment, EUR 20.00');
    });
  });

  describe('a renewal the bank wants the donor to confirm (3-D Secure)', () => {
    /**
     * The gift's second invoice, attempted by card and failed: what the lookup answers, and the open invoice. With
     * `waiting`, the payment waits for the donor to confirm it (3-D Secure).
     */
    function failedRenewal(gift: StripeGift, waiting = true) {
      const invoiceId = `${gift.firstInvoice}_2`;
      const charge = stripeCharge({
        amount: gift.amountCents,
        method: 'card',
        status: 'failed',
        customer: gift.customer,
      });
      const intentStatus = waiting ? 'requires_action' : undefined;
      stack.stripe.invoicePayments.set(invoiceId, [gift.invoicePayment(invoiceId, charge, intentStatus)]);
      const open = gift.invoice(invoiceId, 1, { status: 'open', next_payment_attempt: null });
      return { invoiceId, open };
    }

    it('sends one "please confirm" email with the invoice page, and no payment-failed email, in either order', async () => {
      const { gift } = await paidGift('confirm@example.org', 'card');
      const { invoiceId, open } = failedRenewal(gift);
      await deliverAll([
        stripeEvent('invoice.payment_failed', open),
        stripeEvent('invoice.payment_action_required', open),
        stripeEvent('invoice.payment_action_required', open),
      ]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
        `welcome:${gift.donationId}`,
        `payment_action_required:${invoiceId}`,
      ]);
      const mail = stack.smtp.to('confirm@example.org').find((m) => m.subject?.includes('bevestigen'));
      expect(mail?.subject).toBe('Wil je je maandelijkse gift bevestigen?');
      const { text, html } = bodies(mail!.raw);
      expect(text).toContain(`https://invoice.stripe.com/i/acct_test/${invoiceId}`);
      expect(text).toMatch(/van €\s25 voor je maandelijkse gift/u);
      expect(html).toContain(`href="https://invoice.stripe.com/i/acct_test/${invoiceId}"`);
      expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('past_due');

      // The donor confirms: paid, active again, and nothing more is sent.
      await deliverAll([stripeEvent('invoice.paid', gift.invoice(invoiceId, 1, { status: 'paid' }))]);
      expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('active');
    });

    it('when the confirmation request arrives first, a failure after it sends no payment-failed email', async () => {
      const { gift } = await paidGift('confirm-first@example.org', 'card');
      const { invoiceId, open } = failedRenewal(gift);
      // Whatever the lookup says now: the invoice already waits for the donor.
      stack.stripe.invoicePayments.delete(invoiceId);
      await deliverAll([
        stripeEvent('invoice.payment_action_required', open),
        stripeEvent('invoice.payment_failed', open),
      ]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
        `welcome:${gift.donationId}`,
        `payment_action_required:${invoiceId}`,
      ]);
    });

    it('an ordinary failed renewal still gets the payment-failed email', async () => {
      const { gift } = await paidGift('plain-failure@example.org', 'card');
      const { invoiceId, open } = failedRenewal(gift, false);
      await deliverAll([stripeEvent('invoice.payment_failed', open)]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
        `welcome:${gift.donationId}`,
        `payment_failed:${invoiceId}`,
      ]);
    });
  });

  describe('the usual Dutch way to stop: at the bank', () => {
    const staffNote = async (donationId: string) =>
      (
        await sql<{ staff_note: string | null }>(stack, 'SELECT staff_note FROM donations WHERE id = $1', [donationId])
      )[0].staff_note;

    it('a reversed SEPA debit asks the donor once whether they meant to stop, and leaves staff a note', async () => {
      const { gift, charge } = await paidGift('reversed@example.org', 'sepa_debit');
      const dispute = stripeDispute(charge);
      await deliverAll([stripeEvent('charge.dispute.created', dispute)]);
      await deliverAll([stripeEvent('charge.dispute.created', dispute)], 'processed');
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
        `welcome:${gift.donationId}`,
        `stop_check:${dispute.id}`,
      ]);
      const mail = stack.smtp.to('reversed@example.org').find((m) => m.subject?.includes('stoppen'));
      expect(mail?.subject).toBe('Wilde je je maandelijkse gift stoppen?');
      expect(bodies(mail!.raw).text).toContain('/mijn-donatie/beheren');
      const { payments } = await storedDonation(stack, gift.donationId);
      const debitDay = payments[0].paidAt!.toISOString().slice(0, 10);
      expect(await staffNote(gift.donationId)).toBe(
        `the donor's bank reversed the SEPA debit of ${debitDay} (${dispute.id})`,
      );
      // The note is in the donations export staff read (JSON lines: one object per donation, fields by their codes).
      const run = await runCommand('export', ['donations', '--format', 'jsonl'], {
        DATABASE_URL: stack.database.url,
      });
      const rows = run.stdout
        .toString()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows.find((row) => row.id === gift.donationId)?.staff_note).toContain(dispute.id);
    });

    it('no such question for a card chargeback, or for a donor who already stopped', async () => {
      const card = await paidGift('chargeback@example.org', 'card');
      await deliverAll([stripeEvent('charge.dispute.created', stripeDispute(card.charge, 'fraudulent'))]);
      expect(await donorEmailsAskedFor(stack, card.gift.donationId)).toEqual([`welcome:${card.gift.donationId}`]);
      expect(await staffNote(card.gift.donationId)).toBeNull();

      const stopped = await paidGift('already-stopped@example.org', 'sepa_debit');
      await deliverAll([
        stripeEvent(
          'customer.subscription.updated',
          stopped.gift.subscriptionObject({ status: 'active', cancel_at_period_end: true }),
        ),
        stripeEvent('charge.dispute.created', stripeDispute(stopped.charge)),
      ]);
      expect(await donorEmailsAskedFor(stack, stopped.gift.donationId)).toEqual([`welcome:${stopped.gift.donationId}`]);
    });

    it('a withdrawn SEPA mandate asks the donor whether they meant to stop; an active one changes nothing', async () => {
      const { gift } = await paidGift('mandate@example.org', 'sepa_debit');
      const paymentMethod = 'pm_test_mandate_revoked';
      stack.stripe.paymentMethods.set(paymentMethod, stripeSepaPaymentMethod(paymentMethod, gift.customer));
      const mandate = stripeMandate(paymentMethod, 'active');
      await deliverAll([stripeEvent('mandate.updated', mandate)]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([`welcome:${gift.donationId}`]);

      const revoked = { ...mandate, status: 'inactive' };
      await deliverAll([stripeEvent('mandate.updated', revoked), stripeEvent('mandate.updated', revoked)]);
      expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
        `welcome:${gift.donationId}`,
        `stop_check:${mandate.id}:${gift.donationId}`,
      ]);
      expect(await staffNote(gift.donationId)).toBe(`the SEPA mandate ${mandate.id} was revoked or its account closed`);
      // The gift is not stopped behind the donor's back.
      expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('active');

      // A mandate of a customer that is not one of ours is acknowledged and changes nothing.
      stack.stripe.paymentMethods.set('pm_test_other', stripeSepaPaymentMethod('pm_test_other', 'cus_test_other'));
      await deliverAll([stripeEvent('mandate.updated', stripeMandate('pm_test_other', 'inactive'))]);
    });
  });

  it('waits for Stripe when it cannot list a refund or read a payment method: 502, and nothing recorded', async () => {
    const { charge } = await paidGift('lookup-down@example.org', 'sepa_debit');
    stack.stripe.failLookups = true;
    try {
      const event = stripeEvent('refund.failed', { ...stripeRefund(charge, 2500), status: 'failed' });
      expect(await deliverOutcome(stack.url, event)).toEqual([502, undefined]);
      const rows = await sql(stack, 'SELECT id FROM stripe_events WHERE id = $1', [event.id]);
      expect(rows).toEqual([]);
    } finally {
      stack.stripe.failLookups = false;
    }
  });
});
