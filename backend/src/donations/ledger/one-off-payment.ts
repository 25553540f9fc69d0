import type Stripe from 'stripe';
import type { DonationWithPayments } from '../../database/donations.repository';
import { PaymentStatus } from '../donation-state';
import { describePayment } from './describe-changes';
import { eventTime, type EventOf, type LedgerBook } from './ledger-book';
import { rankedStatus } from './merge-payment';
import { fromUnix, idOf, type DonationFactUpdate } from './stripe-facts';

type CheckoutEvent = EventOf<
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
>;

/** A one-off gift is a Checkout Session in payment mode (docs/product.md §4.1); a monthly one is in subscription mode. */
export const isOneOffSession = (session: Stripe.Checkout.Session): boolean => session.mode === 'payment';

const earliest = (dates: Array<Date | null | undefined>): Date | null =>
  dates.reduce<Date | null>((min, date) => (date && (!min || date < min) ? date : min), null);

/** What the event says about the gift's one payment: paid, failed, or nothing yet (a debit still processing). */
function outcomeOf(event: CheckoutEvent): PaymentStatus | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.payment_status === 'paid' ? PaymentStatus.paid : null;
    case 'checkout.session.async_payment_succeeded':
      return PaymentStatus.paid;
    case 'checkout.session.async_payment_failed':
      return PaymentStatus.failed;
    default:
      return null;
  }
}

/**
 * The one payment of a one-off gift (docs/product.md §4.2), on top of the Checkout facts the family already set: one
 * `donation_payments` row per PaymentIntent, with no invoice. Its status only moves up (a late failure never undoes a
 * payment; a refund or dispute recorded since stays); it is dated by Checkout's completion, when the payment (for a
 * SEPA debit: the debit) was made, so the earliest of the events that say so, in whatever order they come. The
 * donor's thank-you is asked for by `settle` like a monthly gift's welcome (the outbox picks the one-off kind).
 */
export async function settleOneOffGift(
  book: LedgerBook,
  event: CheckoutEvent,
  donation: DonationWithPayments,
  facts: DonationFactUpdate,
): Promise<string[]> {
  const session = event.data.object;
  const at = eventTime(event);
  if (event.type === 'checkout.session.completed') {
    facts.checkoutCompletedAt = earliest([donation.checkoutCompletedAt, at]);
  }
  if (event.type === 'checkout.session.async_payment_failed') facts.lastError = 'The payment failed';
  const intentId = idOf(session.payment_intent);
  const outcome = outcomeOf(event);
  const existing = intentId ? await book.payments.findOneOff(intentId, book.tx) : null;
  if (!intentId || (!outcome && !existing)) return book.settle(donation, facts, []);

  const status = rankedStatus(
    [...(outcome ? [outcome] : []), ...(existing ? [existing.status] : [])],
    existing?.disputeStatus,
  );
  const completedAt = event.type === 'checkout.session.completed' ? at : facts.checkoutCompletedAt;
  const data = {
    status,
    amountCents: session.amount_total ?? existing?.amountCents ?? donation.amountCents,
    currency: session.currency ?? 'eur',
    paidAt:
      status === PaymentStatus.failed
        ? null
        : earliest([existing?.paidAt, completedAt, outcome === PaymentStatus.paid ? at : null]),
    attemptCount: Math.max(existing?.attemptCount ?? 0, 1),
    nextAttemptAt: null,
  };
  const payment = existing
    ? await book.payments.update(existing.id, data, book.tx)
    : await book.payments.create(
        {
          ...data,
          stripePaymentIntentId: intentId,
          donationId: donation.id,
          invoiceCreatedAt: fromUnix(session.created) ?? at,
        },
        book.tx,
      );
  return book.settle(donation, facts, describePayment(existing, payment));
}
