import type { DonationPayment } from '../../generated/prisma/client';
import type { InvoicePaymentDetails } from '../../stripe/stripe.client';
import { PaymentStatus, paymentRank } from '../donation-state';

/** Dispute states Stripe closes in the foundation's favour, or with no money moved: the payment is a gift again. */
const RELEASED_DISPUTE = new Set(['won', 'warning_closed', 'prevented']);
/** Dispute states that are final: a late event about the same dispute does not reopen it. */
const CLOSED_DISPUTE = new Set([...RELEASED_DISPUTE, 'lost']);

/** The dispute status to keep: a closed one is final, otherwise the one just reported. */
export function mergeDisputeStatus(stored: string | null, reported: string): string {
  return stored && CLOSED_DISPUTE.has(stored) ? stored : reported;
}

/**
 * The highest-ranked of `candidates` (failed < paid < refunded < disputed, docs/product.md §4.2), leaving `disputed`
 * out once the payment's dispute was closed in the foundation's favour or with no money moved.
 */
export function rankedStatus(candidates: PaymentStatus[], disputeStatus: string | null | undefined): PaymentStatus {
  const released = disputeStatus !== null && disputeStatus !== undefined && RELEASED_DISPUTE.has(disputeStatus);
  const kept = candidates.filter((status) => !(released && status === PaymentStatus.disputed));
  return kept.reduce((best, s) => (paymentRank(s) > paymentRank(best) ? s : best));
}

/** What one invoice event says about its payment. */
export interface InvoiceOutcome {
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  paidAt: Date | null;
  attemptCount: number;
  nextAttemptAt: Date | null;
  details: InvoicePaymentDetails | null;
}

/**
 * A payment row after an invoice event (docs/product.md §4.2): the status only moves up (failed < paid < refunded <
 * disputed; a charge the lookup finds refunded or disputed counts too; a dispute closed in the foundation's favour no
 * longer does: rankedStatus), so a late failure never undoes a payment; the
 * attempt count only grows; what an event of a lower status says is kept only where nothing better is known.
 */
export function mergePayment(existing: DonationPayment | null, incoming: InvoiceOutcome) {
  const { details } = incoming;
  const candidates = [incoming.status, ...(existing ? [existing.status] : [])];
  if (details?.refunded) candidates.push(PaymentStatus.refunded);
  if (details?.disputed) candidates.push(PaymentStatus.disputed);
  // A dispute Stripe reports on the charge counts as its own events would (charge.events.ts), in whichever order.
  const disputeStatus = details?.disputeStatus
    ? mergeDisputeStatus(existing?.disputeStatus ?? null, details.disputeStatus)
    : (existing?.disputeStatus ?? null);
  const status = rankedStatus(candidates, disputeStatus);
  const newer = !existing || paymentRank(incoming.status) >= paymentRank(existing.status);
  const attemptCount = Math.max(existing?.attemptCount ?? 0, incoming.attemptCount);
  const latestAttempt = !existing || incoming.attemptCount >= existing.attemptCount;
  const pick = <T>(fromEvent: T | null, stored: T | null | undefined): T | null =>
    newer ? (fromEvent ?? stored ?? null) : (stored ?? fromEvent);
  return {
    status,
    amountCents: newer ? incoming.amountCents : (existing?.amountCents ?? incoming.amountCents),
    currency: incoming.currency,
    paidAt: existing?.paidAt ?? incoming.paidAt,
    attemptCount,
    disputeStatus,
    nextAttemptAt:
      status !== PaymentStatus.failed
        ? null
        : latestAttempt
          ? incoming.nextAttemptAt
          : (existing?.nextAttemptAt ?? null),
    refundedCents: Math.max(existing?.refundedCents ?? 0, details?.amountRefunded ?? 0),
    paymentMethodType: pick(details?.paymentMethodType ?? null, existing?.paymentMethodType),
    stripeChargeId: pick(details?.chargeId ?? null, existing?.stripeChargeId),
    stripePaymentIntentId: pick(details?.paymentIntentId ?? null, existing?.stripePaymentIntentId),
  };
}
