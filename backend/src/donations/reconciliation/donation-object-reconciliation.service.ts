import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DonationsRepository, type DonationWithPayments } from '../../database/donations.repository';
import { StripeClient } from '../../stripe/stripe.client';
import { DonationStatus, PaymentStatus } from '../donation-state';
import { DonationLedger } from '../ledger/donation-ledger.service';
import { invoiceEvent, invoiceOutcome, subscriptionEvent, type ObjectEvent } from './stripe-object-events';

/**
 * Which donations to read back: every one with a subscription (`npm run donations -- reconcile --from-objects`), or
 * only those Stripe may still charge or end (the daily job): a gift the ledger shows cancelled or failed was read when
 * it ended.
 */
export type ObjectReconciliationScope = 'all' | 'running';

/** The statuses of gifts Stripe may still charge or end (docs/product.md §4.2). */
const RUNNING: readonly DonationStatus[] = [
  DonationStatus.pending,
  DonationStatus.active,
  DonationStatus.past_due,
  DonationStatus.paused,
];

/**
 * Donations read at once: two Stripe calls each, so a few in flight stay far below Stripe's rate limit (shared with
 * checkout and the portal) and a thousand gifts take minutes, not a quarter of an hour. Each donation's events apply
 * one after another; the ledger locks the donation's row anyway.
 */
const READ_AT_ONCE = 4;

/** What a reconciliation from Stripe's objects read and did (docs/architecture.md §3.7). */
export interface ObjectReconciliationReport {
  dryRun: boolean;
  /** Invoices created since this instant were read; null: all of them. */
  since: Date | null;
  /** Donations whose subscription was read. */
  donations: number;
  /** Invoices read (all of them, including those left alone because their payment is not settled). */
  invoices: number;
  /**
   * What the ledger did not show yet, as the event the webhook would have delivered, with what applying it changed (or
   * would change, in a dry run). `happenedAt`: when, as the object dates it (null: it does not say).
   */
  applied: Array<{
    id: string;
    type: string;
    objectId: string;
    donationId: string;
    happenedAt: Date | null;
    changes: string[];
  }>;
  /** Subscriptions and settled invoices the ledger already showed. */
  alreadyRecorded: number;
  /** Donations whose subscription Stripe does not know (another account or mode, or deleted test data). */
  notAtStripe: Array<{ donationId: string; subscriptionId: string }>;
  /** Reads or applications that failed (Stripe or the database); tried again next run. */
  failed: Array<{ id: string; type: string; error: string }>;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * Reconciliation from Stripe's objects (docs/architecture.md §3.7): for each donation with a subscription (not erased)
 * it reads the subscription and its invoices, in the pinned API version, and gives what the ledger does not show yet
 * to the same `DonationLedger.record` as the webhook, as the event the webhook would have delivered
 * (stripe-object-events.ts). It reaches back further than Stripe's event list (30 days) and past events the webhook
 * refused. The subscription goes first, then its invoices, oldest first: a gift that ended long ago ends before its
 * old failed payments are recorded, so its donor gets the cancellation email and no late "payment failed" email.
 * Donations whose Checkout completed without a subscription recorded are not read: there is nothing to ask Stripe.
 */
@Injectable()
export class DonationObjectReconciliation {
  constructor(
    private readonly stripe: StripeClient,
    private readonly ledger: DonationLedger,
    private readonly donations: DonationsRepository,
  ) {}

  async reconcile(options: {
    dryRun: boolean;
    scope: ObjectReconciliationScope;
    since?: Date;
  }): Promise<ObjectReconciliationReport> {
    const report: ObjectReconciliationReport = {
      dryRun: options.dryRun,
      since: options.since ?? null,
      donations: 0,
      invoices: 0,
      applied: [],
      alreadyRecorded: 0,
      notAtStripe: [],
      failed: [],
    };
    const donations = await this.donations.withSubscription(options.scope === 'running' ? RUNNING : undefined);
    for (let start = 0; start < donations.length; start += READ_AT_ONCE) {
      const batch = donations.slice(start, start + READ_AT_ONCE);
      await Promise.all(batch.map((donation) => this.reconcileDonation(donation, options.since, report)));
    }
    return report;
  }

  private async reconcileDonation(
    donation: DonationWithPayments,
    since: Date | undefined,
    report: ObjectReconciliationReport,
  ): Promise<void> {
    const subscriptionId = donation.stripeSubscriptionId!;
    let subscription: Stripe.Subscription | null;
    let invoices: Stripe.Invoice[];
    try {
      subscription = await this.stripe.findSubscription(subscriptionId);
      invoices = subscription ? await this.stripe.listSubscriptionInvoices(subscriptionId, since) : [];
    } catch (error) {
      report.failed.push({ id: subscriptionId, type: 'read subscription and invoices', error: firstLine(error) });
      return;
    }
    if (!subscription) {
      report.notAtStripe.push({ donationId: donation.id, subscriptionId });
      return;
    }
    report.donations += 1;
    report.invoices += invoices.length;
    const observedAt = new Date();
    if (showsSubscription(donation, subscription)) report.alreadyRecorded += 1;
    else await this.apply(subscriptionEvent(subscription, observedAt), donation, report);
    for (const invoice of invoices) {
      const outcome = invoiceOutcome(invoice);
      if (!outcome) continue;
      if (showsInvoice(donation, invoice, outcome)) report.alreadyRecorded += 1;
      else await this.apply(invoiceEvent(invoice, observedAt)!, donation, report);
    }
  }

  private async apply(
    { event, objectId, happenedAt }: ObjectEvent,
    donation: DonationWithPayments,
    report: ObjectReconciliationReport,
  ): Promise<void> {
    try {
      const { outcome, changes } = await this.ledger.record(event, { dryRun: report.dryRun });
      // Recorded before (an earlier run), or nothing to change after all: the ledger already showed it.
      if (outcome !== 'processed' || changes.length === 0) {
        report.alreadyRecorded += 1;
        return;
      }
      report.applied.push({ id: event.id, type: event.type, objectId, donationId: donation.id, happenedAt, changes });
    } catch (error) {
      report.failed.push({ id: event.id, type: event.type, error: firstLine(error) });
    }
  }
}

/**
 * Whether the donation already shows the subscription's state as the ledger would apply it (subscription.events.ts):
 * its status, the end of the month it stops at, the pause, the amount and, once it ended, its end.
 */
function showsSubscription(donation: DonationWithPayments, subscription: Stripe.Subscription): boolean {
  const amount = subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
  const resumesAt = subscription.pause_collection?.resumes_at ?? null;
  return (
    donation.subscriptionStatus === subscription.status &&
    donation.cancelAtPeriodEnd === (subscription.cancel_at_period_end || subscription.cancel_at !== null) &&
    donation.collectionPaused === Boolean(subscription.pause_collection) &&
    (donation.pauseResumesAt?.getTime() ?? null) === (resumesAt === null ? null : resumesAt * 1000) &&
    donation.amountCents === amount &&
    (subscription.status !== 'canceled' || donation.cancelledAt !== null)
  );
}

/**
 * Whether the ledger already has the invoice's payment: any status above failed once it is paid (a payment's status
 * only moves up, docs/product.md §4.2), and a failure with at least as many attempts.
 */
function showsInvoice(donation: DonationWithPayments, invoice: Stripe.Invoice, outcome: 'paid' | 'failed'): boolean {
  const payment = donation.payments.find((row) => row.stripeInvoiceId === invoice.id);
  if (!payment) return false;
  if (payment.status !== PaymentStatus.failed) return true;
  return outcome === 'failed' && payment.attemptCount >= invoice.attempt_count;
}
