import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { PrismaService } from '../src/database/prisma.service';
import { exportToBuffer } from './exports.helpers';
import { payInvoice, startAgreementGift, storeAgreement, storedAgreement } from './support/agreements';
import { deliverOutcome, startDonation, storedDonation } from './support/donations';
import { stripeCharge, stripeEvent, type StripeGift } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * The life of a periodieke gift after signing, in the ledger (docs/product.md §4.9): its agreement becomes active
 * when the first debit under it is paid, the monthly gift it replaces stops then and never before, and the agreement
 * ends with its gift. Driven through the signed webhook against the Stripe stand-in, in any order and repeated.
 */
describe('a periodic gift in the ledger', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  /** An ordinary monthly gift of `email`, paid and running at the stand-in. */
  async function runningMonthlyGift(email: string): Promise<StripeGift> {
    const gift = await startDonation(stack, { email, amount: 25 });
    const charge = stripeCharge({ amount: 2500, method: 'sepa_debit', status: 'succeeded', customer: gift.customer });
    stack.stripe.invoicePayments.set(gift.firstInvoice, [gift.invoicePayment(gift.firstInvoice, charge)]);
    stack.stripe.subscriptions.set(gift.subscription, gift.subscriptionObject({ status: 'active' }));
    for (const event of [
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(gift.firstInvoice, 0, { status: 'paid' })),
    ]) {
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
    }
    return gift;
  }

  /** Stripe's event after the cancellation: the old subscription as the stand-in now has it (cancelled). */
  async function oldGiftEnded(old: StripeGift): Promise<void> {
    const ended = stack.stripe.subscriptions.get(old.subscription)!;
    expect(ended.status).toBe('canceled');
    const event = stripeEvent('customer.subscription.deleted', ended);
    expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
  }

  const cancellationsOf = (gift: StripeGift) =>
    stack.stripe.requestsTo('DELETE', `/v1/subscriptions/${gift.subscription}`).length;

  it('becomes active at the first paid debit, and only then stops the monthly gift it replaces, once', async () => {
    const old = await runningMonthlyGift('replace@example.org');
    const agreement = await storeAgreement(stack, { email: 'replace@example.org', replacesDonationId: old.donationId });
    const gift = await startAgreementGift(stack, agreement, { paid: false });

    // Checkout completed with a SEPA debit still processing: nothing is paid under the agreement yet.
    expect((await storedAgreement(stack, agreement.id)).status).toBe('signed');
    expect(cancellationsOf(old)).toBe(0);
    expect((await storedDonation(stack, old.donationId)).donation.status).toBe('active');

    await payInvoice(stack, gift, gift.firstInvoice, 0);
    expect((await storedAgreement(stack, agreement.id)).status).toBe('active');
    expect(cancellationsOf(old)).toBe(1);

    // Stripe reports the old subscription ended; from then on no event about the periodic gift asks again.
    await oldGiftEnded(old);
    await payInvoice(stack, gift, gift.firstInvoice, 0);
    await payInvoice(stack, gift, `${gift.firstInvoice}_2`, 1);
    expect(cancellationsOf(old)).toBe(1);
    expect((await storedDonation(stack, old.donationId)).donation.status).toBe('cancelled');
    expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('active');
    expect((await storedAgreement(stack, agreement.id)).status).toBe('active');
  });

  it('the paid invoice arriving before Checkout completed ends in the same place', async () => {
    const old = await runningMonthlyGift('replace-order@example.org');
    const agreement = await storeAgreement(stack, {
      email: 'replace-order@example.org',
      replacesDonationId: old.donationId,
    });
    const gift = await startDonation(stack, { email: agreement.email, amount: 250 });
    await stack.app
      .get(PrismaService)
      .donation.update({ where: { id: gift.donationId }, data: { periodicAgreementId: agreement.id } });
    await payInvoice(stack, gift, gift.firstInvoice, 0);
    expect(await deliverOutcome(stack.url, stripeEvent('checkout.session.completed', gift.session('paid')))).toEqual([
      200,
      'processed',
    ]);
    expect((await storedAgreement(stack, agreement.id)).status).toBe('active');
    // Both events found the old gift still running (Stripe's own event about it had not arrived): asking twice is
    // harmless, Stripe cancels once.
    expect(cancellationsOf(old)).toBeGreaterThanOrEqual(1);
    await oldGiftEnded(old);
    expect((await storedDonation(stack, old.donationId)).donation.status).toBe('cancelled');
  });

  it('asks Stripe again at the next event when the cancellation failed', async () => {
    const old = await runningMonthlyGift('replace-retry@example.org');
    const agreement = await storeAgreement(stack, {
      email: 'replace-retry@example.org',
      replacesDonationId: old.donationId,
    });
    // Stripe does not find the subscription this time (the stand-in answers 404): the payment is still recorded.
    const kept = stack.stripe.subscriptions.get(old.subscription)!;
    stack.stripe.subscriptions.delete(old.subscription);
    const gift = await startAgreementGift(stack, agreement);
    expect((await storedAgreement(stack, agreement.id)).status).toBe('active');
    expect(cancellationsOf(old)).toBe(1);
    expect((await storedDonation(stack, old.donationId)).donation.status).toBe('active');

    stack.stripe.subscriptions.set(old.subscription, kept);
    await payInvoice(stack, gift, `${gift.firstInvoice}_2`, 1);
    expect(cancellationsOf(old)).toBe(2);
    expect(stack.stripe.subscriptions.get(old.subscription)!.status).toBe('canceled');
  });

  it('ends with its gift: ended when Stripe ended it, stopped when the donor stopped it, the date kept', async () => {
    for (const stoppedByDonor of [false, true]) {
      const email = `ends-${String(stoppedByDonor)}@example.org`;
      const agreement = await storeAgreement(stack, {
        email,
        ...(stoppedByDonor ? { stoppedAt: new Date(), stopReason: 'money' } : {}),
      });
      const gift = await startAgreementGift(stack, agreement);
      const endedAt = Math.floor(Date.now() / 1000) - 60;
      const ended = gift.subscriptionObject({ status: 'canceled', canceled_at: endedAt, ended_at: endedAt });
      const deleted = stripeEvent('customer.subscription.deleted', ended);
      expect(await deliverOutcome(stack.url, deleted)).toEqual([200, 'processed']);
      const stored = await storedAgreement(stack, agreement.id);
      expect({ status: stored.status, endedAt: stored.endedAt }).toEqual({
        status: stoppedByDonor ? 'stopped' : 'ended',
        endedAt: new Date(endedAt * 1000),
      });
      // A late payment event does not bring it back, nor move its end.
      await payInvoice(stack, gift, gift.firstInvoice, 0);
      expect(await storedAgreement(stack, agreement.id)).toMatchObject({
        status: stored.status,
        endedAt: stored.endedAt,
      });
    }
  });

  it('a gift under an agreement that is not countersigned changes nothing of the agreement', async () => {
    const agreement = await storeAgreement(stack, {
      email: 'unsigned@example.org',
      status: 'awaiting_countersignature',
      completedAt: null,
    });
    await startAgreementGift(stack, agreement);
    expect((await storedAgreement(stack, agreement.id)).status).toBe('awaiting_countersignature');
  });

  it('staff export the agreements, and the donations export names the transaction number', async () => {
    const agreement = await storeAgreement(stack, { email: 'export@example.org', endsOnDisability: true });
    const gift = await startAgreementGift(stack, agreement);
    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      const csv = async (dataset: string) =>
        parse<Record<string, string>>(await exportToBuffer(db, dataset, 'csv'), { bom: true, columns: true });
      const row = (await csv('agreements')).find((line) => line.transaction_number === agreement.transactionNumber);
      expect(row).toMatchObject({
        status: 'active',
        monthly_amount_eur: '250.00',
        yearly_amount_eur: '3000.00',
        term_years: '5',
        first_year: String(agreement.firstYear),
        last_year: String(agreement.firstYear + 4),
        ends_on_disability: 'true',
        ends_on_job_loss: 'false',
        signing_method: 'online',
        gift_id: gift.donationId,
        gift_status: 'active',
        stop_reason: '',
        ended_at: '',
      });
      expect(row!.donor_signed_at).not.toBe('');
      expect(row!.foundation_signed_at).not.toBe('');
      expect(row!.partner_signed_at).toBe('');
      const donation = (await csv('donations')).find((line) => line.id === gift.donationId);
      expect(donation?.transaction_number).toBe(agreement.transactionNumber);
    } finally {
      await db.end();
    }
  });
});
