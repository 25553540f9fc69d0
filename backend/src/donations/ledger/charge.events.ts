import type { DonationPayment } from '../../generated/prisma/client';
import { PaymentStatus, paymentRank } from '../donation-state';
import { describePayment } from './describe-changes';
import { FieldCheck } from './event-checks';
import type { EventFamily, LedgerBook } from './ledger-book';
import { idOf } from './stripe-facts';

/** A refund or a dispute (a reversed SEPA debit, a card chargeback) of a payment we recorded. */
export const chargeEvents: EventFamily<'charge.refunded' | 'charge.dispute.created'> = {
  types: ['charge.refunded', 'charge.dispute.created'],

  check(event) {
    const object: unknown = event.data.object;
    if (event.type === 'charge.refunded') {
      return new FieldCheck(`charge ${event.data.object.id}`, object)
        .present('id', 'refunded')
        .amounts(['amount_refunded'])
        .euro('currency')
        .result();
    }
    return new FieldCheck(`dispute ${event.data.object.id}`, object).present('charge').result();
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
    return reverse(book, idOf(dispute.charge), idOf(dispute.payment_intent), () => ({
      status: PaymentStatus.disputed,
    }));
  },
};

/** Applies `change` to the payment the charge is about; its status only moves up (merge-payment.ts). */
async function reverse(
  book: LedgerBook,
  chargeId: string | null,
  paymentIntentId: string | null,
  change: (payment: DonationPayment) => { status: PaymentStatus; refundedCents?: number },
): Promise<string[]> {
  const found = await book.payments.findByCharge(chargeId, paymentIntentId, book.tx);
  if (!found) return [`charge ${chargeId ?? paymentIntentId ?? '?'}: belongs to no payment of ours`];
  const donation = found.donationId ? await book.lockDonation({ donationId: found.donationId }) : null;
  const payment = await book.payments.findByIdOrThrow(found.id, book.tx);
  const wanted = change(payment);
  const updated = await book.payments.update(
    payment.id,
    {
      status: paymentRank(wanted.status) > paymentRank(payment.status) ? wanted.status : payment.status,
      refundedCents: wanted.refundedCents ?? payment.refundedCents,
      stripeChargeId: payment.stripeChargeId ?? chargeId,
    },
    book.tx,
  );
  const notes = describePayment(payment, updated);
  return donation ? book.settle(donation, {}, notes) : notes;
}
