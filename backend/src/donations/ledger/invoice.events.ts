import type Stripe from 'stripe';
import type { DonationKeys } from '../../database/donations.repository';
import { PaymentStatus } from '../donation-state';
import { describePayment } from './describe-changes';
import { FieldCheck } from './event-checks';
import type { Donation, DonationPayment } from '../../generated/prisma/client';
import type { InvoicePaymentDetails } from '../../stripe/stripe.client';
import { eventTime, type EventFamily, type EventOf, type LedgerEmail } from './ledger-book';
import { mergePayment } from './merge-payment';
import { recordRefunds } from './refunds';
import { donationIdIn, fromUnix, idOf, later, linkStripeIds, type DonationFactUpdate } from './stripe-facts';

const earlier = (a: Date | null, b: Date): Date => (a && a < b ? a : b);

/** The invoice's subscription and its metadata, where API versions since 2025-03-31 put them. */
function invoiceKeys(invoice: Stripe.Invoice): DonationKeys {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), donationId: donationIdIn(details?.metadata) };
}

/**
 * An invoice was paid, an attempt to pay it failed, or it waits for the donor to confirm the payment (3-D Secure): one
 * payment row per invoice, i.e. per month (docs/architecture.md §3.5).
 */
export const invoiceEvents: EventFamily<'invoice.paid' | 'invoice.payment_failed' | 'invoice.payment_action_required'> =
  {
    types: ['invoice.paid', 'invoice.payment_failed', 'invoice.payment_action_required'],

    check(event) {
      const invoice: unknown = event.data.object;
      const check = new FieldCheck(`invoice ${event.data.object.id}`, invoice)
        .present('id', 'created', 'customer')
        .amounts(['amount_paid', 'amount_due', 'attempt_count'])
        .euro('currency')
        .list('lines.data', 'period.end');
      if (event.type === 'invoice.paid') check.present('status_transitions.paid_at');
      if (event.type === 'invoice.payment_action_required') check.present('hosted_invoice_url');
      return check.result();
    },

    invoiceToLookUp(event) {
      return { invoiceId: event.data.object.id, keys: invoiceKeys(event.data.object) };
    },

    async apply(book, event, { details }) {
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
      // The page where the donor confirms the payment, when Stripe asked for that; kept once known.
      const confirmationUrl =
        event.type === 'invoice.payment_action_required'
          ? (invoice.hosted_invoice_url ?? existing?.confirmationUrl ?? null)
          : (existing?.confirmationUrl ?? null);
      const written = existing
        ? await book.payments.update(existing.id, { ...data, confirmationUrl }, book.tx)
        : await book.payments.create(
            {
              ...data,
              stripeInvoiceId: invoice.id,
              stripeSubscriptionId: keys.subscriptionId ?? null,
              donationId: donation.id,
              invoiceCreatedAt: new Date(invoice.created * 1000),
              confirmationUrl,
            },
            book.tx,
          );
      // The charge's refunds as Stripe lists them now: one that failed does not count (refunds.ts).
      const payment = await recordRefunds(book, written, details?.refunds ?? []);
      const notes = describePayment(existing, payment);
      return book.settle(
        donation,
        paymentFacts(event, donation, keys),
        notes,
        emailsFor(event, existing, payment, details, donation.payments),
      );
    },
  };

/**
 * docs/product.md §4.2: one email per invoice that failed, when its first failure is recorded (not when a failure
 * arrives after the invoice was paid), unless the donor only has to confirm the payment (3-D Secure): then one email
 * with the page to do so instead, and none once the invoice is paid, nor for an invoice older than the newest one.
 */
function emailsFor(
  event: EventOf<'invoice.paid' | 'invoice.payment_failed' | 'invoice.payment_action_required'>,
  existing: DonationPayment | null,
  payment: DonationPayment,
  details: InvoicePaymentDetails | null,
  others: DonationPayment[],
): LedgerEmail[] {
  const invoiceId = event.data.object.id;
  if (payment.status !== PaymentStatus.failed) return [];
  // An invoice older than one already recorded is old news (reconciliation reading months back): no email about it.
  if (others.some((other) => other.invoiceCreatedAt > payment.invoiceCreatedAt)) return [];
  if (event.type === 'invoice.payment_action_required' && payment.confirmationUrl) {
    return [{ kind: 'payment_action_required', onceKey: `payment_action_required:${invoiceId}`, invoiceId }];
  }
  const toConfirm = details?.needsConfirmation === true || existing?.confirmationUrl;
  if (event.type === 'invoice.payment_failed' && !existing && !toConfirm) {
    return [{ kind: 'payment_failed', onceKey: `payment_failed:${invoiceId}`, invoiceId }];
  }
  return [];
}

/** What a paid invoice says of the donation: Stripe's ids, and the end of the period it paid for. */
function paymentFacts(
  event: EventOf<'invoice.paid' | 'invoice.payment_failed' | 'invoice.payment_action_required'>,
  donation: Donation,
  keys: DonationKeys,
): DonationFactUpdate {
  const invoice = event.data.object;
  const facts = linkStripeIds(donation, { customerId: idOf(invoice.customer), subscriptionId: keys.subscriptionId });
  if (event.type === 'invoice.paid') {
    const paidUntil = invoice.lines.data.reduce<Date | null>(
      (end, line) => later(end, fromUnix(line.period.end)),
      null,
    );
    facts.periodEnd = later(donation.periodEnd, paidUntil);
  }
  return facts;
}
