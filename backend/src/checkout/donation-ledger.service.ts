import { Inject, Injectable } from '@nestjs/common';
import { MIN_DONATION_EUR } from '@stichting/contracts';
import type Stripe from 'stripe';
import { formatCents } from '../common/money';
import { PrismaService } from '../database/prisma.service';
import type { Donation, DonationPayment, Prisma } from '../generated/prisma/client';
import { StripeClient, STRIPE_API_VERSION, type InvoicePaymentDetails } from '../stripe/stripe.client';
import { DONATION_NOTIFIER, type DonationNotifier, type DonorMailRequest } from './donation-events';
import { deriveDonation, DonationStatus, PaymentStatus, paymentRank } from './donation-state';

type Tx = Prisma.TransactionClient;
type DonationWithPayments = Donation & { payments: DonationPayment[] };

/**
 * The Stripe events that change the ledger (docs/architecture.md §3.5); every other type is acknowledged and ignored.
 * The webhook endpoint must send these, and reconciliation reads these from Stripe's event list.
 */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
] as const;
type HandledEvent = Extract<Stripe.Event, { type: (typeof HANDLED_EVENT_TYPES)[number] }>;

export type LedgerOutcome = 'processed' | 'duplicate' | 'ignored';

/** What recording an event did: its outcome, and one line per change (for the log and `npm run donations`). */
export interface LedgerResult {
  outcome: LedgerOutcome;
  changes: string[];
}

/** The facts an event may set on a donation (the derived fields follow from them in `settle`). */
type DonationFactUpdate = Partial<
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
    | 'paymentMethodType'
    | 'stripeSessionId'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'lastError'
  >
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIN_AMOUNT_CENTS = MIN_DONATION_EUR * 100;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  !value ? null : typeof value === 'string' ? value : value.id;
const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a >= b ? a : b);

/** Our donation id in Stripe metadata; `intent_id` is what donations started before the ledger carry. */
function donationIdIn(metadata: Stripe.Metadata | null | undefined): string | null {
  return metadata?.donation_id ?? metadata?.intent_id ?? null;
}

/** Whether the event's payload has the shapes this build reads (docs/architecture.md §9.9). */
export function isReadableApiVersion(event: Stripe.Event): boolean {
  return event.api_version === STRIPE_API_VERSION;
}

export function isHandledEvent(event: Stripe.Event): event is HandledEvent {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Thrown to roll a dry run's transaction back once its changes are known. */
class DryRun extends Error {
  constructor(readonly changes: string[]) {
    super('dry run');
  }
}

/**
 * The donation ledger (docs/product.md §4.2, docs/architecture.md §3.5): applies one Stripe event to the donations and
 * their payments, for the webhook and for reconciliation alike. Each event is recorded in stripe_events in the same
 * transaction as its effect, so an event is applied once however often it arrives, and a failed effect leaves no
 * ledger row behind. The donation's row is locked while an event is applied, so events about one donation apply one
 * after another. Order does not matter: an event sets facts (each once, or only when newer), and the donation's
 * status and other fields are derived from all facts and payments every time (donation-state.ts).
 */
@Injectable()
export class DonationLedger {
  constructor(
    private readonly prisma: PrismaService,
    private readonly stripe: StripeClient,
    @Inject(DONATION_NOTIFIER) private readonly notifier: DonationNotifier,
  ) {}

  /**
   * Applies `event` unless it was applied before. The caller checked its signature (webhook) or read it from Stripe
   * (reconciliation), and its API version. With `dryRun` the changes are worked out and rolled back.
   */
  async record(event: Stripe.Event, options: { dryRun?: boolean } = {}): Promise<LedgerResult> {
    if (!isHandledEvent(event)) return { outcome: 'ignored', changes: [] };
    const seen = await this.prisma.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } });
    if (seen) return { outcome: 'duplicate', changes: [] };
    // The one call to Stripe, before the transaction opens: how an invoice of ours was paid.
    const details = await this.lookUpPayment(event);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const { count } = await tx.stripeEvent.createMany({
          data: [{ id: event.id, type: event.type }],
          skipDuplicates: true,
        });
        if (count === 0) return { outcome: 'duplicate' as const, changes: [] };
        const changes = await this.apply(tx, event, details);
        await tx.stripeEvent.update({ where: { id: event.id }, data: { processedAt: new Date() } });
        if (options.dryRun) throw new DryRun(changes);
        return { outcome: 'processed' as const, changes };
      });
    } catch (error) {
      if (error instanceof DryRun) return { outcome: 'processed', changes: error.changes };
      throw error;
    }
  }

  /** The invoice payment behind an invoice or Checkout event of one of our donations; null for anything else. */
  private async lookUpPayment(event: HandledEvent): Promise<InvoicePaymentDetails | null> {
    let invoiceId: string | null;
    let keys: DonationKeys;
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
        invoiceId = event.data.object.id;
        keys = invoiceKeys(event.data.object);
        break;
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        invoiceId = idOf(event.data.object.invoice);
        keys = sessionKeys(event.data.object);
        break;
      default:
        return null;
    }
    if (!invoiceId || !(await this.findDonationId(this.prisma, keys))) return null;
    return this.stripe.invoicePaymentDetails(invoiceId);
  }

  private apply(tx: Tx, event: HandledEvent, details: InvoicePaymentDetails | null): Promise<string[]> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return this.checkoutSession(tx, event.type, event.data.object, at, details);
      case 'invoice.paid':
        return this.invoice(tx, PaymentStatus.paid, event.data.object, at, details);
      case 'invoice.payment_failed':
        return this.invoice(tx, PaymentStatus.failed, event.data.object, at, details);
      case 'customer.subscription.updated':
        return this.subscription(tx, event.data.object, at, false);
      case 'customer.subscription.deleted':
        return this.subscription(tx, event.data.object, at, true);
      case 'charge.refunded':
        return this.chargeReversed(tx, event.data.object.id, idOf(event.data.object.payment_intent), (payment) => ({
          refundedCents: Math.max(payment.refundedCents, event.data.object.amount_refunded),
          status: event.data.object.refunded ? PaymentStatus.refunded : payment.status,
        }));
      case 'charge.dispute.created':
        return this.chargeReversed(tx, idOf(event.data.object.charge), idOf(event.data.object.payment_intent), () => ({
          status: PaymentStatus.disputed,
        }));
    }
  }

  /** Checkout finished (paid at once, or a debit still processing), its delayed payment settled, or it expired. */
  private async checkoutSession(
    tx: Tx,
    type: HandledEvent['type'],
    session: Stripe.Checkout.Session,
    at: Date,
    details: InvoicePaymentDetails | null,
  ): Promise<string[]> {
    const donation = await this.lockDonation(tx, sessionKeys(session));
    if (!donation) return [`checkout session ${session.id}: no donation of ours`];
    const facts = linkStripeIds(donation, {
      sessionId: session.id,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    });
    const completed = donation.checkoutCompletedAt ?? at;
    if (type === 'checkout.session.completed') {
      facts.checkoutCompletedAt = completed;
      if (session.payment_status === 'paid') facts.firstPaymentSucceededAt = donation.firstPaymentSucceededAt ?? at;
    } else if (type === 'checkout.session.async_payment_succeeded') {
      facts.checkoutCompletedAt = completed;
      facts.firstPaymentSucceededAt = donation.firstPaymentSucceededAt ?? at;
    } else if (type === 'checkout.session.async_payment_failed') {
      facts.checkoutCompletedAt = completed;
      facts.failedAt = donation.failedAt ?? at;
      facts.lastError = 'The first payment failed';
    } else if (!donation.checkoutCompletedAt) {
      facts.failedAt = donation.failedAt ?? at;
      facts.lastError = 'The Checkout page expired unused';
    }
    if (details?.paymentMethodType && !donation.paymentMethodType) {
      facts.paymentMethodType = details.paymentMethodType;
    }
    return this.settle(tx, donation, facts, []);
  }

  /** An invoice was paid, or an attempt to pay it failed: one payment row per invoice, i.e. per month. */
  private async invoice(
    tx: Tx,
    outcome: PaymentStatus,
    invoice: Stripe.Invoice,
    at: Date,
    details: InvoicePaymentDetails | null,
  ): Promise<string[]> {
    const keys = invoiceKeys(invoice);
    const donation = await this.lockDonation(tx, keys);
    if (!donation) return [`invoice ${invoice.id}: belongs to no donation of ours, not recorded`];
    const existing = await tx.donationPayment.findUnique({ where: { stripeInvoiceId: invoice.id } });
    const data = mergePayment(existing, {
      status: outcome,
      amountCents: outcome === PaymentStatus.paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      paidAt: outcome === PaymentStatus.paid ? (fromUnix(invoice.status_transitions.paid_at) ?? at) : null,
      attemptCount: invoice.attempt_count,
      nextAttemptAt: fromUnix(invoice.next_payment_attempt),
      details,
    });
    const payment = existing
      ? await tx.donationPayment.update({ where: { id: existing.id }, data })
      : await tx.donationPayment.create({
          data: {
            ...data,
            stripeInvoiceId: invoice.id,
            stripeSubscriptionId: keys.subscriptionId ?? null,
            donationId: donation.id,
            invoiceCreatedAt: new Date(invoice.created * 1000),
          },
        });
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
    return this.settle(tx, donation, facts, notes, failedNow ? `payment_failed:${invoice.id}` : undefined);
  }

  /**
   * The subscription changed (amount, status, a cancellation at the end of the month) or ended. Its snapshot is taken
   * only from an event at least as new as the one applied before; its end is kept whatever came later.
   */
  private async subscription(tx: Tx, subscription: Stripe.Subscription, at: Date, deleted: boolean): Promise<string[]> {
    const donation = await this.lockDonation(tx, {
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
      const amount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
      if (amount >= MIN_AMOUNT_CENTS) facts.amountCents = amount;
      else notes.push(`subscription ${subscription.id}: amount ${formatCents(amount)} left out (below the minimum)`);
    } else {
      notes.push(`subscription ${subscription.id}: older than the state already applied, status and amount kept`);
    }
    return this.settle(tx, donation, facts, notes);
  }

  /** A refund or a dispute (a reversed SEPA debit, a card chargeback) of a payment we recorded. */
  private async chargeReversed(
    tx: Tx,
    chargeId: string | null,
    paymentIntentId: string | null,
    change: (payment: DonationPayment) => { status: PaymentStatus; refundedCents?: number },
  ): Promise<string[]> {
    const or: Prisma.DonationPaymentWhereInput[] = [];
    if (chargeId) or.push({ stripeChargeId: chargeId });
    if (paymentIntentId) or.push({ stripePaymentIntentId: paymentIntentId });
    const found = or.length > 0 ? await tx.donationPayment.findFirst({ where: { OR: or } }) : null;
    if (!found) return [`charge ${chargeId ?? paymentIntentId ?? '?'}: belongs to no payment of ours`];
    const donation = found.donationId ? await this.lockDonation(tx, { donationId: found.donationId }) : null;
    const payment = await tx.donationPayment.findUniqueOrThrow({ where: { id: found.id } });
    const wanted = change(payment);
    const updated = await tx.donationPayment.update({
      where: { id: payment.id },
      data: {
        status: paymentRank(wanted.status) > paymentRank(payment.status) ? wanted.status : payment.status,
        refundedCents: wanted.refundedCents ?? payment.refundedCents,
        stripeChargeId: payment.stripeChargeId ?? chargeId,
      },
    });
    const notes = describePayment(payment, updated);
    return donation ? this.settle(tx, donation, {}, notes) : notes;
  }

  /**
   * Writes `facts`, derives the status and the fields that follow (donation-state.ts) from them and the payments as
   * they are now, asks for the donor's emails (docs/product.md §4.2) and describes what changed: welcome when the
   * first payment succeeded, payment failed for `failedInvoiceKey`, cancelled when the gift ended; none of the first
   * two for a gift that has already ended (its events came out of order).
   */
  private async settle(
    tx: Tx,
    before: DonationWithPayments,
    facts: DonationFactUpdate,
    notes: string[],
    failedInvoiceKey?: string,
  ): Promise<string[]> {
    const payments = await tx.donationPayment.findMany({ where: { donationId: before.id } });
    const { hasPaid, ...derived } = deriveDonation({ ...before, ...facts }, payments);
    const hadPaid = deriveDonation(before, before.payments).hasPaid;
    const after = await tx.donation.update({ where: { id: before.id }, data: { ...facts, ...derived } });
    const changes = [...notes, ...describeDonation(before, after)];
    const donationId = before.id;
    const over = after.status === DonationStatus.cancelled || after.status === DonationStatus.failed;
    if (hasPaid && !hadPaid && !over) {
      await this.notify(tx, changes, { donationId, kind: 'welcome', onceKey: `welcome:${donationId}` });
    }
    if (failedInvoiceKey && after.status !== DonationStatus.cancelled) {
      await this.notify(tx, changes, { donationId, kind: 'payment_failed', onceKey: failedInvoiceKey });
    }
    if (after.status === DonationStatus.cancelled && before.status !== DonationStatus.cancelled) {
      await this.notify(tx, changes, { donationId, kind: 'cancelled', onceKey: `cancelled:${donationId}` });
    }
    return changes;
  }

  private async notify(tx: Tx, changes: string[], request: DonorMailRequest): Promise<void> {
    await this.notifier.queueInTransaction(tx, request);
    changes.push(`donation ${short(request.donationId)}: ${request.kind} email queued`);
  }

  /** Finds the donation and locks its row until the transaction ends, so events about it apply one at a time. */
  private async lockDonation(tx: Tx, keys: DonationKeys): Promise<DonationWithPayments | null> {
    const id = await this.findDonationId(tx, keys);
    if (!id) return null;
    await tx.$queryRaw`SELECT id FROM donations WHERE id = ${id}::uuid FOR UPDATE`;
    return tx.donation.findUniqueOrThrow({ where: { id }, include: { payments: true } });
  }

  /** By subscription (the usual case), then our id in Stripe metadata, then the Checkout session. */
  private async findDonationId(db: Tx, keys: DonationKeys): Promise<string | null> {
    const select = { id: true } as const;
    if (keys.subscriptionId) {
      const found = await db.donation.findUnique({ where: { stripeSubscriptionId: keys.subscriptionId }, select });
      if (found) return found.id;
    }
    if (keys.donationId && UUID.test(keys.donationId)) {
      const found = await db.donation.findUnique({ where: { id: keys.donationId }, select });
      if (found) return found.id;
    }
    if (keys.sessionId) {
      const found = await db.donation.findUnique({ where: { stripeSessionId: keys.sessionId }, select });
      if (found) return found.id;
    }
    return null;
  }
}

interface DonationKeys {
  donationId?: string | null;
  sessionId?: string | null;
  subscriptionId?: string | null;
}

function sessionKeys(session: Stripe.Checkout.Session): DonationKeys {
  return {
    donationId: donationIdIn(session.metadata),
    sessionId: session.id,
    subscriptionId: idOf(session.subscription),
  };
}

/** The invoice's subscription and its metadata, where API versions since 2025-03-31 put them. */
function invoiceKeys(invoice: Stripe.Invoice): DonationKeys {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), donationId: donationIdIn(details?.metadata) };
}

/** Stripe's ids for a donation, filled in where still missing (an id, once known, does not change). */
function linkStripeIds(
  donation: Donation,
  ids: { sessionId?: string | null; customerId?: string | null; subscriptionId?: string | null },
): DonationFactUpdate {
  return {
    stripeSessionId: donation.stripeSessionId ?? ids.sessionId ?? null,
    stripeCustomerId: donation.stripeCustomerId ?? ids.customerId ?? null,
    stripeSubscriptionId: donation.stripeSubscriptionId ?? ids.subscriptionId ?? null,
  };
}

interface InvoiceOutcome {
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
 * disputed; a charge the lookup finds refunded or disputed counts too), so a late failure never undoes a payment; the
 * attempt count only grows; what an event of a lower status says is kept only where nothing better is known.
 */
function mergePayment(existing: DonationPayment | null, incoming: InvoiceOutcome) {
  const { details } = incoming;
  const candidates = [incoming.status, ...(existing ? [existing.status] : [])];
  if (details?.refunded) candidates.push(PaymentStatus.refunded);
  if (details?.disputed) candidates.push(PaymentStatus.disputed);
  const status = candidates.reduce((best, s) => (paymentRank(s) > paymentRank(best) ? s : best));
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

const short = (id: string) => id.slice(0, 8);
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

/** One line per field staff see that changed: `donation 1a2b3c4d: status pending -> active`. */
function describeDonation(before: Donation, after: Donation): string[] {
  const fields: Array<[string, string, string]> = [
    ['status', before.status, after.status],
    ['monthly amount', formatCents(before.amountCents), formatCents(after.amountCents)],
    ['payment method', before.paymentMethodType ?? '-', after.paymentMethodType ?? '-'],
    ['next payment', day(before.nextPaymentAt), day(after.nextPaymentAt)],
    ['failed attempts', String(before.failedAttempts), String(after.failedAttempts)],
    ['cancel at period end', String(before.cancelAtPeriodEnd), String(after.cancelAtPeriodEnd)],
    ['cancelled', day(before.cancelledAt), day(after.cancelledAt)],
  ];
  return fields
    .filter(([, from, to]) => from !== to)
    .map(([name, from, to]) => `donation ${short(before.id)}: ${name} ${from} -> ${to}`);
}

function describePayment(before: DonationPayment | null, after: DonationPayment): string[] {
  const label = `payment ${after.stripeInvoiceId}`;
  if (!before) {
    return [`${label}: recorded ${after.status} ${formatCents(after.amountCents)} (${after.paymentMethodType ?? '-'})`];
  }
  const lines: string[] = [];
  if (before.status !== after.status) lines.push(`${label}: ${before.status} -> ${after.status}`);
  if (before.refundedCents !== after.refundedCents) {
    lines.push(`${label}: refunded ${formatCents(before.refundedCents)} -> ${formatCents(after.refundedCents)}`);
  }
  if (before.attemptCount !== after.attemptCount) {
    lines.push(`${label}: attempts ${before.attemptCount} -> ${after.attemptCount}`);
  }
  return lines;
}
