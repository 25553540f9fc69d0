import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../stripe/stripe.client';

/**
 * Reconciliation from Stripe's objects (docs/architecture.md §3.7) turns a subscription or an invoice, as Stripe has
 * it now, into the event the webhook would have delivered for it, so the same ledger applies it. Its id starts with
 * this (Stripe's own start with `evt_`) and is derived from the object and the state the ledger reads: the same state
 * read again is the same id, so a second run is a duplicate, and a state that changed since is a new event.
 */
export const SYNTHETIC_EVENT_PREFIX = 'recon_';

/** A made-up event for one of Stripe's objects, with when its state came about where the object says so. */
export interface ObjectEvent {
  event: Stripe.Event;
  /** The subscription or invoice the event is about. */
  objectId: string;
  /**
   * When the state came about, as the object dates it (an invoice's payment, a subscription's end); null when the
   * object does not say (a changed amount): then the reconciliation counts it as missed whatever its age.
   */
  happenedAt: Date | null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromUnix = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/** 16 hex digits of SHA-256 over the fields the ledger reads: enough to tell two states of one object apart. */
const stateHash = (state: unknown) => createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 16);

/** The envelope Stripe puts around an object, in the pinned API version the object was read in. */
function envelope(id: string, created: Date) {
  return {
    id,
    object: 'event' as const,
    api_version: STRIPE_API_VERSION,
    created: seconds(created),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
  };
}

/**
 * `customer.subscription.deleted` for a cancelled subscription, `customer.subscription.updated` otherwise. Dated when
 * it was read (`observedAt`): it is the subscription's state now, newer than any event the ledger applied before.
 */
export function subscriptionEvent(subscription: Stripe.Subscription, observedAt: Date): ObjectEvent {
  const ended = subscription.status === 'canceled';
  const state = {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: subscription.cancel_at,
    canceledAt: subscription.canceled_at,
    endedAt: subscription.ended_at,
    pause: subscription.pause_collection ? { resumesAt: subscription.pause_collection.resumes_at } : null,
    items: subscription.items.data.map((item) => [
      item.price.unit_amount,
      item.price.currency,
      item.quantity,
      item.current_period_end,
    ]),
  };
  const id = `${SYNTHETIC_EVENT_PREFIX}${subscription.id}_${subscription.status}_${stateHash(state)}`;
  const base = envelope(id, observedAt);
  const event: Stripe.Event = ended
    ? { ...base, type: 'customer.subscription.deleted', data: { object: subscription } }
    : { ...base, type: 'customer.subscription.updated', data: { object: subscription } };
  return {
    event,
    objectId: subscription.id,
    happenedAt: ended ? fromUnix(subscription.ended_at ?? subscription.canceled_at) : null,
  };
}

/**
 * What an invoice says of its payment: paid; failed when Stripe gave up on it (uncollectible) or waits to try again
 * after a failed attempt; null otherwise (a draft, a void invoice, or one whose payment is still in progress, such
 * as a SEPA debit being processed), which reconciliation leaves alone.
 */
export function invoiceOutcome(invoice: Stripe.Invoice): 'paid' | 'failed' | null {
  if (invoice.status === 'paid') return 'paid';
  const attemptFailed = invoice.attempted && invoice.attempt_count > 0;
  if (!attemptFailed) return null;
  if (invoice.status === 'uncollectible') return 'failed';
  return invoice.status === 'open' && invoice.next_payment_attempt !== null ? 'failed' : null;
}

/**
 * `invoice.paid` (dated by its payment) or `invoice.payment_failed` (dated when it was read) for an invoice whose
 * payment is settled either way; null for one reconciliation leaves alone (invoiceOutcome).
 */
export function invoiceEvent(invoice: Stripe.Invoice, observedAt: Date): ObjectEvent | null {
  const outcome = invoiceOutcome(invoice);
  if (!outcome) return null;
  const state = {
    status: invoice.status,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    attempts: invoice.attempt_count,
    paidAt: invoice.status_transitions?.paid_at ?? null,
    nextAttempt: invoice.next_payment_attempt,
  };
  const id = `${SYNTHETIC_EVENT_PREFIX}${invoice.id}_${outcome}_${stateHash(state)}`;
  if (outcome === 'paid') {
    const paidAt = fromUnix(invoice.status_transitions?.paid_at);
    const event: Stripe.Event = {
      ...envelope(id, paidAt ?? observedAt),
      type: 'invoice.paid',
      data: { object: invoice },
    };
    return { event, objectId: invoice.id, happenedAt: paidAt };
  }
  const event: Stripe.Event = {
    ...envelope(id, observedAt),
    type: 'invoice.payment_failed',
    data: { object: invoice },
  };
  return { event, objectId: invoice.id, happenedAt: fromUnix(invoice.status_transitions?.marked_uncollectible_at) };
}
