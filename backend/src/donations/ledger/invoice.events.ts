import type Stripe from 'stripe';
import type { DonationKeys } from '../../database/donations.repository';
import { PaymentStatus } from '../donation-state';
import { describePayment } from './describe-changes';
import { FieldCheck } from './event-checks';
import { eventTime, type EventFamily } from './ledger-book';
import { mergePayment } from './merge-payment';
import { donationIdIn, fromUnix, idOf, later, linkStripeIds } from './stripe-facts';

const earlier = (a: Date | null, b: Date): Date => (a && a < b ? a : b);

/** The invoice's subscription and its metadata, where API versions since 2025-03-31 put them. */
function invoiceKeys(invoice: Stripe.Invoice): DonationKeys {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), donationId: donationIdIn(details?.metadata) };
}

/**
 * An invoice was paid, or an attempt to pay it failed: one payment row per invoice, i.e. per month
 * (docs/architecture.md §3.5).
 */
export const invoiceEvents: EventFamily<'invoice.paid' | 'invoice.payment_failed'> = {
  types: ['invoice.paid', 'invoice.payment_failed'],

  check(event) {
    const invoice: unknown = event.data.object;
    const check = new FieldCheck(`invoice ${event.data.object.id}`, invoice)
      .present('id', 'created', 'customer')
      .amounts(['amount_paid', 'amount_due', 'attempt_count'])
      .euro('currency')
      .list('lines.data', 'period.end');
    if (event.type === 'invoice.paid') check.present('status_transitions.paid_at');
    return check.result();
  },

  invoiceToLookUp(event) {
    return { invoiceId: event.data.object.id, keys: invoiceKeys(event.data.object) };
  },

  async apply(book, event, details) {
    const invoice = event.data.object;
    const outcome = event.type === 'invoice.paid' ? PaymentStatus.paid : PaymentStatus.failed;
    const at = eventTime(event);
    const keys = invoiceKeys(invoice);
    const donation = await book.lockDonation(keys);
    if (!donation) return [`invoice ${invoice.id}: belongs to no donation of ours, not recorded`];
    const existing = await book.payments.findByInvoice(invoice.id, book.tx);
    const data = mergePayment(existing, {
      status: outcome,
      amountCents: outcome === PaymentStatus.paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      // docs/product.md §7.9: dated by the debit (the charge), not by Stripe's confirmation days later.
      paidAt:
        outcome === PaymentStatus.paid
          ? earlier(details?.chargedAt ?? null, fromUnix(invoice.status_transitions.paid_at) ?? at)
          : null,
      attemptCount: invoice.attempt_count,
      nextAttemptAt: fromUnix(invoice.next_payment_attempt),
      details,
    });
    const payment = existing
      ? await book.payments.update(existing.id, data, book.tx)
      : await book.payments.create(
          {
            ...data,
            stripeInvoiceId: invoice.id,
            stripeSubscriptionId: keys.subscriptionId ?? null,
            donationId: donation.id,
            invoiceCreatedAt: new Date(invoice.created * 1000),
          },
          book.tx,
        );
    const notes = describePayment(existing, payment);
    // docs/product.md §4.2: one email per invoice that failed, when its first failure is recorded (not when a
    // failure arrives after the invoice was paid).
    const failedNow = !existing && payment.status === PaymentStatus.failed;
    const facts = linkStripeIds(donation, { customerId: idOf(invoice.customer), subscriptionId: keys.subscriptionId });
    if (outcome === PaymentStatus.paid) {
      const paidUntil = invoice.lines.data.reduce<Date | null>(
        (end, line) => later(end, fromUnix(line.period.end)),
        null,
      );
      facts.periodEnd = later(donation.periodEnd, paidUntil);
    }
    return book.settle(donation, facts, notes, failedNow ? `payment_failed:${invoice.id}` : undefined);
  },
};
