import { DonationStatus, PaymentStatus } from '../generated/prisma/enums';

export { DonationStatus, PaymentStatus };

/** Every donation status, in the order of the life cycle (docs/product.md §4.2). */
export const DONATION_STATUSES: readonly DonationStatus[] = Object.values(DonationStatus);
/** Every payment status, lowest first: a payment's status only moves up (docs/product.md §4.2). */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PaymentStatus);

/** failed < paid < refunded < disputed: a later event can move a payment up this list, never down. */
export function paymentRank(status: PaymentStatus): number {
  return PAYMENT_STATUSES.indexOf(status);
}

/**
 * Subscription statuses (Stripe's names) that mean a monthly payment is overdue. Only compared, never trusted to be a
 * complete list: a status Stripe adds later simply does not count as overdue.
 */
const OVERDUE_SUBSCRIPTION_STATUSES = new Set(['past_due', 'unpaid']);
/** Stripe gave up on the first payment of the subscription. */
const FIRST_PAYMENT_EXPIRED = 'incomplete_expired';

/** What Stripe has told us about a donation, as stored on its row. Each fact is set once, or only by a newer event. */
export interface DonationFacts {
  checkoutCompletedAt: Date | null;
  /** Checkout reported the first payment paid (at once, or later for a SEPA debit). */
  firstPaymentSucceededAt: Date | null;
  /** The first payment failed or the Checkout page expired unused. */
  failedAt: Date | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionEventAt: Date | null;
  /** The subscription ended. */
  cancelledAt: Date | null;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date | null;
  /** Stripe's subscription has its collection paused (it stays "active" there), resuming by itself at the date. */
  collectionPaused: boolean;
  pauseResumesAt: Date | null;
  /** The method Checkout's first payment used, until a payment row says more. */
  paymentMethodType: string | null;
}

/** One monthly invoice of the donation, as stored. */
export interface PaymentFacts {
  status: PaymentStatus;
  invoiceCreatedAt: Date;
  paidAt: Date | null;
  attemptCount: number;
  nextAttemptAt: Date | null;
  paymentMethodType: string | null;
}

/** The fields of a donation that follow from its facts and payments; stored so exports and emails can read them. */
export interface DerivedDonation {
  status: DonationStatus;
  startedAt: Date | null;
  nextPaymentAt: Date | null;
  failedAttempts: number;
  paymentMethodType: string | null;
  /** Some payment succeeded (the first one, or any later): the donor has given. */
  hasPaid: boolean;
}

const earliest = (dates: Array<Date | null>): Date | null =>
  dates.reduce<Date | null>((min, date) => (date && (!min || date < min) ? date : min), null);
const latest = (dates: Array<Date | null>): Date | null =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/**
 * The donation's status and its derived fields, from what is stored (docs/product.md §4.2). A pure function of the
 * facts, not of the order events arrived in, so any order and any repetition of Stripe's events ends in the same
 * place (docs/architecture.md §3.5):
 * - cancelled once the subscription ended; but failed if it ended without ever being paid after the first payment
 *   failed;
 * - failed when the first payment failed (Checkout's event, Stripe's incomplete_expired, or a failed payment with
 *   none ever paid) or Checkout expired, unless a payment succeeded after all;
 * - once paid: past due while the newest invoice is unpaid after a failed attempt, or while Stripe reports the
 *   subscription overdue later than the last payment; paused while its collection is paused; active otherwise;
 * - not paid yet: pending once Checkout completed (a first payment still processing is never active), open before.
 * The payment method is the one of the newest payment that names one, so an iDEAL first month followed by SEPA
 * Direct Debit shows sepa_debit; it is Stripe's name, stored and shown as is, never interpreted.
 */
export function deriveDonation(facts: DonationFacts, payments: readonly PaymentFacts[]): DerivedDonation {
  const paid = payments.filter((payment) => payment.status !== PaymentStatus.failed);
  const hasPaid = facts.firstPaymentSucceededAt !== null || paid.length > 0;
  const newest = payments.reduce<PaymentFacts | null>(
    (found, payment) => (!found || payment.invoiceCreatedAt >= found.invoiceCreatedAt ? payment : found),
    null,
  );
  const newestUnpaid = newest?.status === PaymentStatus.failed ? newest : null;
  // The first payment failed: Checkout said so, Stripe gave up on the subscription's first invoice, or (when neither
  // event arrived) a payment failed and none ever succeeded.
  const firstPaymentFailed =
    facts.failedAt !== null ||
    facts.subscriptionStatus === FIRST_PAYMENT_EXPIRED ||
    (!hasPaid && payments.some((payment) => payment.status === PaymentStatus.failed));
  const lastPaidAt = latest([facts.firstPaymentSucceededAt, ...paid.map((payment) => payment.paidAt)]);

  let status: DonationStatus;
  if (facts.cancelledAt) {
    status = !hasPaid && firstPaymentFailed ? DonationStatus.failed : DonationStatus.cancelled;
  } else if (!hasPaid && firstPaymentFailed) {
    status = DonationStatus.failed;
  } else if (hasPaid) {
    const overdueBySubscription =
      facts.subscriptionStatus !== null &&
      OVERDUE_SUBSCRIPTION_STATUSES.has(facts.subscriptionStatus) &&
      facts.subscriptionEventAt !== null &&
      (!lastPaidAt || facts.subscriptionEventAt > lastPaidAt);
    status =
      newestUnpaid || overdueBySubscription
        ? DonationStatus.past_due
        : facts.collectionPaused
          ? DonationStatus.paused
          : DonationStatus.active;
  } else if (facts.checkoutCompletedAt || facts.stripeSubscriptionId) {
    status = DonationStatus.pending;
  } else {
    status = DonationStatus.open;
  }

  const collecting =
    status === DonationStatus.pending || status === DonationStatus.active || status === DonationStatus.past_due;
  let nextPaymentAt: Date | null = null;
  if (collecting && !facts.cancelAtPeriodEnd) {
    nextPaymentAt = newestUnpaid?.nextAttemptAt ?? facts.periodEnd;
  } else if (status === DonationStatus.paused && !facts.cancelAtPeriodEnd) {
    // No debit while paused: the next one comes when the collection resumes, later than the paid month's end.
    nextPaymentAt = facts.pauseResumesAt ? latest([facts.pauseResumesAt, facts.periodEnd]) : null;
  }

  const withMethod = payments
    .filter((payment) => payment.paymentMethodType !== null)
    .sort((a, b) => a.invoiceCreatedAt.getTime() - b.invoiceCreatedAt.getTime());

  return {
    status,
    startedAt: earliest([facts.firstPaymentSucceededAt, ...paid.map((payment) => payment.paidAt)]),
    nextPaymentAt,
    failedAttempts: newestUnpaid?.attemptCount ?? 0,
    paymentMethodType: withMethod.at(-1)?.paymentMethodType ?? facts.paymentMethodType,
    hasPaid,
  };
}
