import type Stripe from 'stripe';
import type { DonationPayment } from '../../generated/prisma/client';
import { PaymentStatus } from '../donation-state';
import type { LedgerBook } from './ledger-book';
import { idOf } from './stripe-facts';

/**
 * How far a refund got, as Stripe reports it: pending or waiting for the customer, then succeeded, then (for some, days
 * later: a closed SEPA account, an expired card) failed; canceled ends a pending one. Failed and canceled are final and
 * returned no money.
 */
const REFUND_RANK: Record<string, number> = { pending: 0, requires_action: 0, succeeded: 1, failed: 2, canceled: 2 };
const RETURNED_NO_MONEY = new Set(['failed', 'canceled']);

/** The refund status to keep: the furthest along of the stored and the reported one, so a late report never undoes. */
export function mergeRefundStatus(stored: string | null, reported: string | null): string {
  const rank = (status: string | null) => (status === null ? -1 : (REFUND_RANK[status] ?? 0));
  if (reported === null) return stored ?? 'pending';
  return stored !== null && rank(stored) >= rank(reported) ? stored : reported;
}

/** A refund's charge and payment intent, to find its payment. */
export const refundCharge = (refund: Stripe.Refund) => ({
  chargeId: idOf(refund.charge),
  paymentIntentId: idOf(refund.payment_intent),
});

/**
 * Records the refunds Stripe reported for `payment` (docs/product.md §4.2), each status merged with what was known, and
 * returns the payment with its refunded amount and status as its refunds now say.
 */
export async function recordRefunds(
  book: LedgerBook,
  payment: DonationPayment,
  reported: Stripe.Refund[],
): Promise<DonationPayment> {
  const known = new Map((await book.payments.refundsOf(payment.id, book.tx)).map((refund) => [refund.id, refund]));
  for (const refund of reported) {
    const status = mergeRefundStatus(known.get(refund.id)?.status ?? null, refund.status);
    await book.payments.saveRefund(
      { id: refund.id, paymentId: payment.id, amountCents: refund.amount, status },
      book.tx,
    );
  }
  return applyRefunds(book, payment);
}

/**
 * The payment with its refunded amount as the sum of its refunds that returned money, and refunded exactly when that
 * is all of it: a refund that failed makes the payment a gift again. Unchanged when Stripe reported no refunds of it
 * (older payments, whose amount came from the charge alone).
 */
async function applyRefunds(book: LedgerBook, payment: DonationPayment): Promise<DonationPayment> {
  const refunds = await book.payments.refundsOf(payment.id, book.tx);
  if (refunds.length === 0) return payment;
  const refundedCents = refunds
    .filter((refund) => !RETURNED_NO_MONEY.has(refund.status))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  const fully = refundedCents > 0 && refundedCents >= payment.amountCents;
  let status = payment.status;
  if (status === PaymentStatus.refunded && !fully) status = PaymentStatus.paid;
  if (status === PaymentStatus.paid && fully) status = PaymentStatus.refunded;
  if (refundedCents === payment.refundedCents && status === payment.status) return payment;
  return book.payments.update(payment.id, { refundedCents, status }, book.tx);
}
