import type { DonationPayment } from '../../generated/prisma/client';
import { PaymentStatus } from '../donation-state';
import { describePayment } from './describe-changes';
import { FieldCheck } from './event-checks';
import type { EventFamily, LedgerBook } from './ledger-book';
import { mergeDisputeStatus, rankedStatus } from './merge-payment';
import { idOf } from './stripe-facts';

/**
 * A refund or a dispute (a reversed SEPA debit, a card chargeback) of a payment we recorded, and how a dispute ends:
 * a dispute the foundation wins, or an inquiry closed with no money moved, makes the payment a gift again
 * (docs/product.md §4.2).
 */
export const chargeEvents: EventFamily<
  | 'charge.refunded'
  | 'charge.dispute.created'
  | 'charge.dispute.updated'
  | 'charge.dispute.closed'
  | 'charge.dispute.funds_reinstated'
> = {
  types: [
    'charge.refunded',
    'charge.dispute.created',
    'charge.dispute.updated',
    'charge.dispute.closed',
    'charge.dispute.funds_reinstated',
  ],

  check(event) {
    const object: unknown = event.data.object;
    if (event.type === 'charge.refunded') {
      return new FieldCheck(`charge ${event.data.object.id}`, object)
        .present('id', 'refunded')
        .amounts(['amount_refunded'])
        .euro('currency')
        .result();
    }
    return new FieldCheck(`dispute ${event.data.object.id}`, object).present('charge', 'status').result();
  },

  apply(book, event) {
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      return reverse(book, charge.id, idOf(charge.payment_intent), (payment) => ({
        refundedCents: Math.max(payment.refundedCents, charge.amount_refunded),
        status: charge.refunded ? PaymentStatus.refunded : payment.status,
      }));
    }
    const dispute = event.data.object;
    return reverse(book, idOf(dispute.charge), idOf(dispute.payment_intent), (payment) => ({
      status: PaymentStatus.disputed,
      disputeStatus: mergeDisputeStatus(payment.disputeStatus, dispute.status),
    }));
  },
};

/**
 * Applies `change` to the payment the charge is about; its status only moves up, but for a dispute closed in the
 * foundation's favour (merge-payment.ts rankedStatus).
 */
async function reverse(
  book: LedgerBook,
  chargeId: string | null,
  paymentIntentId: string | null,
  change: (payment: DonationPayment) => { status: PaymentStatus; refundedCents?: number; disputeStatus?: string },
): Promise<string[]> {
  const found = await book.payments.findByCharge(chargeId, paymentIntentId, book.tx);
  if (!found) return [`charge ${chargeId ?? paymentIntentId ?? '?'}: belongs to no payment of ours`];
  const donation = found.donationId ? await book.lockDonation({ donationId: found.donationId }) : null;
  const payment = await book.payments.findByIdOrThrow(found.id, book.tx);
  const wanted = change(payment);
  const disputeStatus = wanted.disputeStatus ?? payment.disputeStatus;
  // A payment whose dispute was released is what it was without it: refunded if fully refunded, else paid.
  const withoutDispute = payment.status === PaymentStatus.disputed ? [PaymentStatus.paid] : [payment.status];
  const refundedFully = payment.refundedCents > 0 && payment.refundedCents >= payment.amountCents;
  const candidates = [...withoutDispute, wanted.status, ...(refundedFully ? [PaymentStatus.refunded] : [])];
  if (payment.status === PaymentStatus.disputed) candidates.push(PaymentStatus.disputed);
  const updated = await book.payments.update(
    payment.id,
    {
      status: rankedStatus(candidates, disputeStatus),
      disputeStatus,
      refundedCents: wanted.refundedCents ?? payment.refundedCents,
      stripeChargeId: payment.stripeChargeId ?? chargeId,
    },
    book.tx,
  );
  const notes = describePayment(payment, updated);
  return donation ? book.settle(donation, {}, notes) : notes;
}
