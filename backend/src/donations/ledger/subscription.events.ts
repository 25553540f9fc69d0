import { MIN_DONATION_EUR } from '@stichting/contracts';
import { formatCents } from '../../common/money';
import { FieldCheck } from './event-checks';
import { eventTime, type EventFamily } from './ledger-book';
import { donationIdIn, fromUnix, idOf, later, linkStripeIds } from './stripe-facts';

const MIN_AMOUNT_CENTS = MIN_DONATION_EUR * 100;

/**
 * The subscription changed (amount, status, a cancellation at the end of the month) or ended. Its snapshot is taken
 * only from an event at least as new as the one applied before, and from Stripe's current subscription when the two
 * carry the same second (`current`, donation-ledger.service.ts); its end is kept whatever came later.
 */
export const subscriptionEvents: EventFamily<'customer.subscription.updated' | 'customer.subscription.deleted'> = {
  types: ['customer.subscription.updated', 'customer.subscription.deleted'],

  check(event) {
    const subscription: unknown = event.data.object;
    return new FieldCheck(`subscription ${event.data.object.id}`, subscription)
      .present('id', 'status', 'customer', 'cancel_at_period_end')
      .list('items.data', 'price', 'current_period_end')
      .each('items.data', (item) => item.euro('price.currency').amounts(['price.unit_amount'], { nullable: true }))
      .result();
  },

  subscriptionOf(event) {
    return event.data.object.id;
  },

  async apply(book, event, { current }) {
    const subscription = current ?? event.data.object;
    const at = eventTime(event);
    const deleted = event.type === 'customer.subscription.deleted';
    const donation = await book.lockDonation({
      subscriptionId: subscription.id,
      donationId: donationIdIn(subscription.metadata),
    });
    if (!donation) return [`subscription ${subscription.id}: no donation of ours`];
    const notes: string[] = [];
    const facts = linkStripeIds(donation, { customerId: idOf(subscription.customer), subscriptionId: subscription.id });
    if ((deleted || subscription.status === 'canceled') && !donation.cancelledAt) {
      facts.cancelledAt = fromUnix(subscription.ended_at ?? subscription.canceled_at) ?? at;
    }
    const items = subscription.items.data;
    const periodEnd = items.reduce<Date | null>((end, item) => later(end, fromUnix(item.current_period_end)), null);
    facts.periodEnd = later(donation.periodEnd, periodEnd);
    if (!donation.subscriptionEventAt || at >= donation.subscriptionEventAt) {
      facts.subscriptionStatus = subscription.status;
      facts.subscriptionEventAt = at;
      facts.cancelAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
      // Stripe keeps a paused subscription "active"; its pause_collection says no debit comes until resumes_at.
      facts.collectionPaused = Boolean(subscription.pause_collection);
      facts.pauseResumesAt = fromUnix(subscription.pause_collection?.resumes_at);
      const amount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
      if (amount >= MIN_AMOUNT_CENTS) facts.amountCents = amount;
      else notes.push(`subscription ${subscription.id}: amount ${formatCents(amount)} left out (below the minimum)`);
    } else {
      notes.push(`subscription ${subscription.id}: older than the state already applied, status and amount kept`);
    }
    return book.settle(donation, facts, notes);
  },
};
