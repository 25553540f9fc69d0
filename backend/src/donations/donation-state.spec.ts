import { deriveDonation, type DonationFacts, type PaymentFacts } from './donation-state';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

const NOTHING_YET: DonationFacts = {
  checkoutCompletedAt: null,
  firstPaymentSucceededAt: null,
  failedAt: null,
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  subscriptionEventAt: null,
  cancelledAt: null,
  cancelAtPeriodEnd: false,
  periodEnd: null,
  collectionPaused: false,
  pauseResumesAt: null,
  paymentMethodType: null,
};

function payment(invoiceDay: number, parts: Partial<PaymentFacts> = {}): PaymentFacts {
  return {
    status: 'paid',
    invoiceCreatedAt: day(invoiceDay),
    paidAt: parts.status === 'failed' ? null : day(invoiceDay),
    attemptCount: 1,
    nextAttemptAt: null,
    paymentMethodType: 'sepa_debit',
    ...parts,
  };
}

describe('a donation derived from what Stripe reported (docs/product.md §4.2)', () => {
  it('is open until Checkout completes, and pending while the first payment is not confirmed', () => {
    expect(deriveDonation(NOTHING_YET, []).status).toBe('open');
    const completed = { ...NOTHING_YET, checkoutCompletedAt: day(1), stripeSubscriptionId: 'sub_1' };
    expect(deriveDonation(completed, [])).toMatchObject({ status: 'pending', startedAt: null, hasPaid: false });
    // Stripe may call the subscription active while a SEPA debit is still processing: still not completed.
    const saysActive = { ...completed, subscriptionStatus: 'active', subscriptionEventAt: day(2), periodEnd: day(31) };
    expect(deriveDonation(saysActive, [])).toMatchObject({ status: 'pending', nextPaymentAt: day(31) });
  });

  it('is active from the first successful payment, which is its start date', () => {
    const paidAtCheckout = { ...NOTHING_YET, checkoutCompletedAt: day(1), firstPaymentSucceededAt: day(1) };
    expect(deriveDonation(paidAtCheckout, [])).toMatchObject({ status: 'active', startedAt: day(1), hasPaid: true });
    // The invoice alone says so too (its event may come first), with the time the money was paid.
    const invoicePaid = deriveDonation({ ...NOTHING_YET, stripeSubscriptionId: 'sub_1' }, [payment(1)]);
    expect(invoicePaid).toMatchObject({ status: 'active', startedAt: day(1) });
  });

  it('is failed when the first payment failed or Checkout expired, unless a payment succeeded after all', () => {
    const failedFirst = { ...NOTHING_YET, checkoutCompletedAt: day(1), failedAt: day(4) };
    expect(deriveDonation(failedFirst, [payment(1, { status: 'failed' })]).status).toBe('failed');
    expect(deriveDonation({ ...NOTHING_YET, failedAt: day(2) }, []).status).toBe('failed');
    expect(deriveDonation({ ...NOTHING_YET, subscriptionStatus: 'incomplete_expired' }, []).status).toBe('failed');
    expect(deriveDonation(failedFirst, [payment(1)]).status).toBe('active');
  });

  it('is past due while the newest invoice is unpaid, with its attempts and Stripe’s next try', () => {
    const facts = { ...NOTHING_YET, firstPaymentSucceededAt: day(1), periodEnd: day(30) };
    const failing = [payment(1), payment(2, { status: 'failed', attemptCount: 2, nextAttemptAt: day(9) })];
    expect(deriveDonation(facts, failing)).toMatchObject({
      status: 'past_due',
      failedAttempts: 2,
      nextPaymentAt: day(9),
    });
    // The same invoice paid on a later attempt: active again, nothing overdue.
    const recovered = [payment(1), payment(2, { attemptCount: 3 })];
    expect(deriveDonation(facts, recovered)).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      nextPaymentAt: day(30),
    });
    // An old failure with a newer paid month does not count.
    const oldFailure = [payment(1, { status: 'failed', attemptCount: 4 }), payment(2)];
    expect(deriveDonation(facts, oldFailure)).toMatchObject({ status: 'active', failedAttempts: 0 });
  });

  it('follows an overdue subscription only when Stripe said so after the last payment', () => {
    const paidOn3 = [payment(3)];
    const overdue = { ...NOTHING_YET, subscriptionStatus: 'past_due', subscriptionEventAt: day(5) };
    expect(deriveDonation(overdue, paidOn3).status).toBe('past_due');
    expect(deriveDonation({ ...overdue, subscriptionEventAt: day(2) }, paidOn3).status).toBe('active');
    // A status Stripe adds later is not overdue by accident.
    expect(deriveDonation({ ...overdue, subscriptionStatus: 'some_new_status' }, paidOn3).status).toBe('active');
  });

  it('is paused while Stripe pauses collection (its subscription still "active"), next debit at the resume date', () => {
    const paid = [payment(3)];
    const facts = { ...NOTHING_YET, subscriptionStatus: 'active', subscriptionEventAt: day(5), periodEnd: day(10) };
    expect(deriveDonation(facts, paid)).toMatchObject({ status: 'active', nextPaymentAt: day(10) });
    const paused = { ...facts, collectionPaused: true, pauseResumesAt: day(28) };
    expect(deriveDonation(paused, paid)).toMatchObject({ status: 'paused', nextPaymentAt: day(28) });
    // Paused with no resume date: no next debit at all; stopped meanwhile: none either.
    expect(deriveDonation({ ...paused, pauseResumesAt: null }, paid).nextPaymentAt).toBeNull();
    expect(deriveDonation({ ...paused, cancelAtPeriodEnd: true }, paid).nextPaymentAt).toBeNull();
    // A failed payment or the end of the gift outranks the pause.
    expect(deriveDonation(paused, [payment(3), payment(4, { status: 'failed' })]).status).toBe('past_due');
    expect(deriveDonation({ ...paused, cancelledAt: day(20) }, paid).status).toBe('cancelled');
  });

  it('is cancelled once the subscription ended, and has no next payment from the moment the donor stopped it', () => {
    const active = { ...NOTHING_YET, firstPaymentSucceededAt: day(1), periodEnd: day(30) };
    expect(deriveDonation({ ...active, cancelAtPeriodEnd: true }, [payment(1)])).toMatchObject({
      status: 'active',
      nextPaymentAt: null,
    });
    expect(deriveDonation({ ...active, cancelledAt: day(30) }, [payment(1)])).toMatchObject({
      status: 'cancelled',
      nextPaymentAt: null,
    });
    // Ended before any payment succeeded, after the first one failed: that is a failed donation, not a cancelled gift.
    const neverPaid = { ...NOTHING_YET, checkoutCompletedAt: day(1), failedAt: day(3), cancelledAt: day(4) };
    expect(deriveDonation(neverPaid, []).status).toBe('failed');
  });

  it('shows the method of the newest payment as Stripe names it, whatever the name', () => {
    const facts = { ...NOTHING_YET, firstPaymentSucceededAt: day(1), paymentMethodType: 'ideal' };
    expect(deriveDonation(facts, []).paymentMethodType).toBe('ideal');
    const payments = [
      payment(3, { paymentMethodType: 'sepa_debit' }),
      payment(1, { paymentMethodType: 'ideal' }),
      payment(4, { paymentMethodType: null }),
    ];
    expect(deriveDonation(facts, payments).paymentMethodType).toBe('sepa_debit');
    expect(deriveDonation(facts, [payment(5, { paymentMethodType: 'ideal_wero_2027' })]).paymentMethodType).toBe(
      'ideal_wero_2027',
    );
  });

  it('is the same whatever order the payments are listed in', () => {
    const facts = { ...NOTHING_YET, firstPaymentSucceededAt: day(1), periodEnd: day(30) };
    const payments = [
      payment(1, { paymentMethodType: 'ideal' }),
      payment(2, { status: 'refunded' }),
      payment(3, { status: 'failed', attemptCount: 1, nextAttemptAt: day(6) }),
    ];
    const expected = deriveDonation(facts, payments);
    expect(expected).toMatchObject({ status: 'past_due', startedAt: day(1), paymentMethodType: 'sepa_debit' });
    expect(deriveDonation(facts, [...payments].reverse())).toEqual(expected);
    expect(deriveDonation(facts, [payments[1], payments[2], payments[0]])).toEqual(expected);
  });
});
