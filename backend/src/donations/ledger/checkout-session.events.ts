import type Stripe from 'stripe';
import type { DonationKeys } from '../../database/donations.repository';
import { FieldCheck } from './event-checks';
import { eventTime, type EventFamily } from './ledger-book';
import { isOneOffSession, settleOneOffGift } from './one-off-payment';
import { donationIdIn, idOf, linkStripeIds } from './stripe-facts';

function sessionKeys(session: Stripe.Checkout.Session): DonationKeys {
  return {
    donationId: donationIdIn(session.metadata),
    sessionId: session.id,
    subscriptionId: idOf(session.subscription),
  };
}

/**
 * Checkout finished (paid at once, or a debit still processing), its delayed payment settled, or the page expired
 * unused (docs/architecture.md §3.5). A session in payment mode is a one-off gift, whose one payment these events also
 * record (one-off-payment.ts).
 */
export const checkoutSessionEvents: EventFamily<
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
> = {
  types: [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ],

  check(event) {
    const session: unknown = event.data.object;
    const check = new FieldCheck(`checkout session ${event.data.object.id}`, session).present('id');
    if (event.type === 'checkout.session.completed') check.present('payment_status');
    if (isOneOffSession(event.data.object) && event.type !== 'checkout.session.expired') {
      check.present('payment_intent', 'created').amounts(['amount_total']).euro('currency');
    }
    return check.result();
  },

  invoiceToLookUp(event) {
    if (event.type === 'checkout.session.expired' || isOneOffSession(event.data.object)) return null;
    return { invoiceId: idOf(event.data.object.invoice), keys: sessionKeys(event.data.object) };
  },

  async apply(book, event, { details }) {
    const session = event.data.object;
    const at = eventTime(event);
    const donation = await book.lockDonation(sessionKeys(session));
    if (!donation) return [`checkout session ${session.id}: no donation of ours`];
    const facts = linkStripeIds(donation, {
      sessionId: session.id,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    });
    const completed = donation.checkoutCompletedAt ?? at;
    switch (event.type) {
      case 'checkout.session.completed':
        facts.checkoutCompletedAt = completed;
        if (session.payment_status === 'paid') facts.firstPaymentSucceededAt = donation.firstPaymentSucceededAt ?? at;
        break;
      case 'checkout.session.async_payment_succeeded':
        facts.checkoutCompletedAt = completed;
        facts.firstPaymentSucceededAt = donation.firstPaymentSucceededAt ?? at;
        break;
      case 'checkout.session.async_payment_failed':
        facts.checkoutCompletedAt = completed;
        facts.failedAt = donation.failedAt ?? at;
        facts.lastError = 'The first payment failed';
        break;
      case 'checkout.session.expired':
        if (!donation.checkoutCompletedAt) {
          facts.failedAt = donation.failedAt ?? at;
          facts.lastError = 'The Checkout page expired unused';
        }
        break;
    }
    if (details?.paymentMethodType && !donation.paymentMethodType) {
      facts.paymentMethodType = details.paymentMethodType;
    }
    if (isOneOffSession(session)) return settleOneOffGift(book, event, donation, facts);
    return book.settle(donation, facts, []);
  },
};
