import { DONOR_GIFT_PATHS, PERIODIC_GIFT_PATHS } from '@stichting/contracts';
import { PrismaService } from '../src/database/prisma.service';
import { DonorLinks } from '../src/donor-email/donor-links';
import type { PeriodicAgreement } from '../src/generated/prisma/client';
import { AgreementLinks } from '../src/periodic-gift/agreement-links';
import { payInvoice, postFromSite, startAgreementGift, storeAgreement, storedAgreement } from './support/agreements';
import { deliverOutcome, storedDonation } from './support/donations';
import { donorMessages } from './support/donors';
import { stripeCharge, stripeEvent, StripeGift } from './support/stripe-stub';
import { untilRecorded, waitFor } from './support/submissions';
import { startTestStack, TEST_STAFF_EMAIL, type TestStack } from './support/test-app';

/**
 * How a periodieke gift ends (docs/product.md §4.9), through the real endpoints, the SMTP sink and the Stripe stand-in:
 * staff are emailed when the donor stops it, its subscription is set to end when the term is over (and that end ends
 * the agreement), and a first debit that failed leaves the agreement signed for the donor to start again.
 */
describe('the end of a periodic gift', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const post = (path: string, body: object) => postFromSite(stack, path, body);

  const deliver = async (event: object) => expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);

  /** The requests the stand-in received to update `subscription`, as their form bodies. */
  const subscriptionUpdates = (subscription: string) =>
    stack.stripe.http.requests
      .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription}`)
      .map((request) => new URLSearchParams(request.body));

  async function stopOnDonorPage(agreement: PeriodicAgreement, reason: string) {
    const gift = await startAgreementGift(stack, agreement);
    const token = new URL(stack.app.get(DonorLinks).manageUrl(gift.donationId, 'en')).searchParams.get('token')!;
    expect((await post(DONOR_GIFT_PATHS.stop, { token, reason })).status).toBe(200);
    return gift;
  }

  const staffMessage = async (agreement: PeriodicAgreement) => {
    const subject = `Periodieke gift ${agreement.transactionNumber} gestopt door de donor`;
    const count = () =>
      stack.smtp.messages.filter((mail) => mail.subject?.includes(agreement.transactionNumber)).length;
    await waitFor(() => count() > 0, 20_000, subject);
    const found = (await donorMessages(stack, TEST_STAFF_EMAIL, 1)).filter((message) => message.subject === subject);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('the donor stops on their page: staff get one Dutch email with the reason, the time and what it means', async () => {
    const byClause = await storeAgreement(stack, { email: 'stop-clause@example.org', endsOnJobLoss: true });
    await stopOnDonorPage(byClause, 'jobLoss');
    const clauseMail = await staffMessage(byClause);
    expect(clauseMail.text).toContain('Opgegeven reden: onvrijwillig verlies van werk.');
    expect(clauseMail.text).toContain('staat als eindvoorwaarde in de overeenkomst');
    const stoppedAt = (await storedAgreement(stack, byClause.id)).stoppedAt!;
    const amsterdam = new Intl.DateTimeFormat('nl-NL', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Amsterdam',
    });
    expect(clauseMail.text).toContain(`op ${amsterdam.format(stoppedAt)} gestopt`);
    expect(clauseMail.text).toMatch(/van €\s3\.000 per jaar \(€\s250 per maand\)/);

    // A reason the agreement does not name (here a clause it left out): staff read that it ended early.
    const early = await storeAgreement(stack, { email: 'stop-early@example.org', endsOnJobLoss: false });
    await stopOnDonorPage(early, 'jobLoss');
    const earlyMail = await staffMessage(early);
    expect(earlyMail.text).toContain('staat niet als eindvoorwaarde in de overeenkomst');

    const stopped = () =>
      stack.app
        .get(PrismaService)
        .agreementEmail.findMany({ where: { agreementId: { in: [byClause.id, early.id] }, kind: 'stopped' } });
    const emails = await untilRecorded(stopped, (row) => row.status, 'the staff emails to be recorded');
    expect(emails.map((row) => [row.recipient, row.status])).toEqual([
      ['staff', 'sent'],
      ['staff', 'sent'],
    ]);
  });

  it("sets the subscription to end when the term's last year is over, and that end ends the agreement", async () => {
    const agreement = await storeAgreement(stack, { email: 'term@example.org', termYears: 6, firstYear: 2027 });
    const gift = await startAgreementGift(stack, agreement);
    // The end of 2032 in Dutch time (first year 2027, six years): 1 January 2033 00:00 CET.
    const endOfTerm = String(Date.UTC(2032, 11, 31, 23) / 1000);
    expect(subscriptionUpdates(gift.subscription).map((params) => params.get('cancel_at'))).toContain(endOfTerm);
    expect(subscriptionUpdates(gift.subscription).every((params) => params.get('proration_behavior') === 'none')).toBe(
      true,
    );
    expect(stack.stripe.subscriptions.get(gift.subscription)).toMatchObject({ cancel_at: Number(endOfTerm) });
    expect(await storedAgreement(stack, agreement.id)).toMatchObject({ status: 'active', endedAt: null });

    // At that moment Stripe ends the subscription by itself; the gift ends and the agreement with it.
    const ended = Number(endOfTerm);
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        gift.subscriptionObject({ status: 'canceled', canceled_at: ended, ended_at: ended }),
      ),
    );
    expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('cancelled');
    const after = await storedAgreement(stack, agreement.id);
    expect(after).toMatchObject({ status: 'ended', stoppedAt: null });
    expect(after.endedAt).toBeInstanceOf(Date);
  });

  it('an agreement until the donor’s death sets no end at Stripe', async () => {
    const agreement = await storeAgreement(stack, { email: 'until-death@example.org', termYears: null });
    const gift = await startAgreementGift(stack, agreement);
    expect(subscriptionUpdates(gift.subscription)).toEqual([]);
    expect(await storedAgreement(stack, agreement.id)).toMatchObject({ status: 'active' });
  });

  it('a first debit that fails leaves the agreement signed; the donor starts again, and the new gift carries it', async () => {
    const agreement = await storeAgreement(stack, { email: 'first-fails@example.org', termYears: 5, firstYear: 2027 });
    const token = await stack.app.get(AgreementLinks).issue(stack.app.get(PrismaService), agreement.id, 'start_debits');
    const start = async () => {
      const answer = await post(PERIODIC_GIFT_PATHS.startDebits, { token, replaceGift: false });
      expect(answer.status).toBe(200);
      const session = stack.stripe.sessions.at(-1)!;
      expect(session.params.get('metadata[periodic_agreement_id]')).toBe(agreement.id);
      return new StripeGift(session.params.get('metadata[donation_id]')!, session.id, 25_000);
    };

    const first = await start();
    stack.stripe.subscriptions.set(first.subscription, first.subscriptionObject({ status: 'incomplete' }));
    await deliver(stripeEvent('checkout.session.completed', first.session('unpaid')));
    const failedCharge = stripeCharge({
      amount: 25_000,
      method: 'sepa_debit',
      status: 'failed',
      customer: first.customer,
    });
    stack.stripe.invoicePayments.set(first.firstInvoice, [first.invoicePayment(first.firstInvoice, failedCharge)]);
    await deliver(stripeEvent('invoice.payment_failed', first.invoice(first.firstInvoice, 0, { status: 'open' })));
    await deliver(stripeEvent('checkout.session.async_payment_failed', first.session('unpaid')));
    expect((await storedDonation(stack, first.donationId)).donation.status).toBe('failed');
    expect(await storedAgreement(stack, agreement.id)).toMatchObject({ status: 'signed', endedAt: null });

    // The same start link works again: a new Checkout, a new gift for the agreement; the failed one is kept, unlinked.
    const second = await start();
    expect(second.donationId).not.toBe(first.donationId);
    stack.stripe.subscriptions.set(second.subscription, second.subscriptionObject({ status: 'active' }));
    await deliver(stripeEvent('checkout.session.completed', second.session('unpaid')));
    await payInvoice(stack, second, second.firstInvoice, 0);
    // Stripe ends the first attempt's subscription late: the new gift is not touched.
    await deliver(
      stripeEvent('customer.subscription.deleted', first.subscriptionObject({ status: 'incomplete_expired' })),
    );

    const gift = await stack.app
      .get(PrismaService)
      .donation.findUniqueOrThrow({ where: { periodicAgreementId: agreement.id } });
    expect(gift).toMatchObject({ id: second.donationId, status: 'active', stripeSubscriptionId: second.subscription });
    expect((await storedDonation(stack, first.donationId)).donation).toMatchObject({
      status: 'failed',
      periodicAgreementId: null,
    });
    expect(await storedAgreement(stack, agreement.id)).toMatchObject({ status: 'active', endedAt: null });
    expect(subscriptionUpdates(second.subscription).map((params) => params.get('cancel_at'))).toContain(
      String(Date.UTC(2031, 11, 31, 23) / 1000),
    );
  });
});
