import type Stripe from 'stripe';
import type { Donation } from '../../generated/prisma/client';

/** The facts an event may set on a donation (its derived fields follow from them: ledger-book.ts `settle`). */
export type DonationFactUpdate = Partial<
  Pick<
    Donation,
    | 'amountCents'
    | 'checkoutCompletedAt'
    | 'firstPaymentSucceededAt'
    | 'failedAt'
    | 'subscriptionStatus'
    | 'subscriptionEventAt'
    | 'cancelledAt'
    | 'cancelAtPeriodEnd'
    | 'periodEnd'
    | 'collectionPaused'
    | 'pauseResumesAt'
    | 'paymentMethodType'
    | 'stripeSessionId'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'lastError'
    | 'staffNote'
  >
>;

/** An expandable Stripe field's id, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  !value ? null : typeof value === 'string' ? value : value.id;

export const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

export const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a >= b ? a : b);

/** Our donation id in Stripe metadata; `intent_id` is what donations started before the ledger carry. */
export function donationIdIn(metadata: Stripe.Metadata | null | undefined): string | null {
  return metadata?.donation_id ?? metadata?.intent_id ?? null;
}

/** Stripe's ids for a donation, filled in where still missing (an id, once known, does not change). */
export function linkStripeIds(
  donation: Donation,
  ids: { sessionId?: string | null; customerId?: string | null; subscriptionId?: string | null },
): DonationFactUpdate {
  return {
    stripeSessionId: donation.stripeSessionId ?? ids.sessionId ?? null,
    stripeCustomerId: donation.stripeCustomerId ?? ids.customerId ?? null,
    stripeSubscriptionId: donation.stripeSubscriptionId ?? ids.subscriptionId ?? null,
  };
}

/** A date as staff read it in the export: 2026-11-27. */
export const day = (date: Date): string => date.toISOString().slice(0, 10);

/** The donation's staff note with `note` added (once: a repeated event adds nothing). */
export function withStaffNote(existing: string | null, note: string): string {
  if (existing?.includes(note)) return existing;
  return existing ? `${existing}; ${note}` : note;
}
