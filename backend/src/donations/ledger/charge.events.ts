import type Stripe from 'stripe';
import type { DonationPayment } from '../../generated/prisma/client';
import { PaymentStatus } from '../donation-state';
import { describePayment } from './describe-changes';
import { FieldCheck } from './event-checks';
import type { EventFamily, LedgerBook } from './ledger-book';
import { mergeDisputeStatus, rankedStatus } from './merge-payment';
import { recordRefunds, refundCharge } from './refunds';
import { day, idOf, withStaffNote } from './stripe-facts';

/**
 * A refund or a dispute (a reversed SEPA debit, a card chargeback) of a payment we recorded, and how each ends: a
 * dispute the foundation wins, or an inquiry closed with no money moved, makes the payment a gift again; so does a
 * refund that failed (docs/product.md §4.2). A reversed SEPA debit of a gift that runs on asks the donor whether they
 * meant to stop, and leaves staff a note.
 */
export const chargeEvents: EventFamily<
  | 'charge.refunded'
  | 'refund.updated'
  | 'refund.failed'
  | 'charge.dispute.created'
  | 'charge.dispute.updated'
  | 'charge.dispute.closed'
  | 'charge.dispute.funds_reinstated'
> = {
  types: [
    'charge.refunded',
    'refund.updated',
    'refund.failed',
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
    if (event.type === 'refund.updated' || event.type === 'refund.failed') {
      return new FieldCheck(`refund ${event.data.object.id}`, object)
        .present('id', 'status')
        .amounts(['amount'])
        .euro('currency')
        .result();
    }
    return new FieldCheck(`dispute ${event.data.object.id}`, object).present('charge', 'status').result();
  },

  chargeToLookUp(event) {
    if (event.type === 'charge.refunded') {
      return { chargeId: event.data.object.id, paymentIntentId: idOf(event.data.object.payment_intent) };
    }
    if (event.type === 'refund.updated' || event.type === 'refund.failed') return refundCharge(event.data.object);
    return { chargeId: null, paymentIntentId: null };
  },

  apply(book, event, { refunds }) {
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      return reverse(book, charge.id, idOf(charge.payment_intent), refunds ?? [], (payment) => ({
        refundedCents: Math.max(payment.refundedCents, charge.amount_refunded),
        status: charge.refunded ? PaymentStatus.refunded : payment.status,
      }));
    }
    if (event.type === 'refund.updated' || event.type === 'refund.failed') {
      const refund = event.data.object;
      const { chargeId, paymentIntentId } = refundCharge(refund);
      // The event's own refund counts too: Stripe's list may not show it yet.
      return reverse(book, chargeId, paymentIntentId, [...(refunds ?? []), refund], (payment) => ({
        status: payment.status,
      }));
    }
    const dispute = event.data.object;
    return reverse(
      book,
      idOf(dispute.charge),
      idOf(dispute.payment_intent),
      [],
      (payment) => ({
        status: PaymentStatus.disputed,
        disputeStatus: mergeDisputeStatus(payment.disputeStatus, dispute.status),
      }),
      event.type === 'charge.dispute.created' ? dispute.id : undefined,
    );
  },
};

/**
 * Applies `change` to the payment the charge is about; its status only moves up, but for a dispute closed in the
 * foundation's favour (merge-payment.ts rankedStatus) and a refund that failed (refunds.ts). A new dispute
 * (`openedDispute`) of a SEPA debit is the donor's bank reversing it: while the gift runs, the donor is asked whether
 * they meant to stop, and staff get a note on the donation.
 */
async function reverse(
  book: LedgerBook,
  chargeId: string | null,
  paymentIntentId: string | null,
  refunds: Stripe.Refund[],
  change: (payment: DonationPayment) => { status: PaymentStatus; refundedCents?: number; disputeStatus?: string },
  openedDispute?: string,
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
  const final = await recordRefunds(book, updated, refunds);
  const notes = describePayment(payment, final);
  if (!donation) return notes;
  const reversedDebit = openedDispute !== undefined && final.paymentMethodType === 'sepa_debit';
  if (!reversedDebit) return book.settle(donation, {}, notes);
  const note = `the donor's bank reversed the SEPA debit of ${day(final.paidAt ?? final.invoiceCreatedAt)} (${openedDispute})`;
  return book.settle(donation, { staffNote: withStaffNote(donation.staffNote, note) }, notes, [
    { kind: 'stop_check', onceKey: `stop_check:${openedDispute}` },
  ]);
}
