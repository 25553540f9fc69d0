import { type HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { ApiError, TooManyRequestsError } from '../common/api-error';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { MetricsService } from '../metrics/metrics.service';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { StripeClient } from '../stripe/stripe.client';

type Tx = Prisma.TransactionClient;

/** The only event types that change anything; everything else is acknowledged and ignored (an allowlist, docs/architecture.md §10.1). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
] as const;
type HandledEvent = Extract<Stripe.Event, { type: (typeof HANDLED_EVENT_TYPES)[number] }>;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Refused deliveries (bad, stale or missing signature) one address may cause per minute, each logged as one short
 * line; past it the address hears 429 until the minute is over, and the log gets one line saying so instead of one
 * per request. Stripe's own deliveries are signed and never count.
 */
export const WEBHOOK_REJECTIONS_PER_MINUTE = 10;

/** The reason codes of `{"event":"stripe_webhook_rejected","reason":…}` log lines. */
type RejectionReason = 'missing_body' | 'missing_signature' | 'bad_signature' | 'stale_signature' | 'rate_limited';

/** The route the refusals are counted on. */
const WEBHOOK_PATH = '/api/stripe/webhook';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Reconciles donations with Stripe's webhooks. Each event is recorded in the stripe_events ledger in the same
 * transaction as its effect, so a repeated delivery (same event id) changes nothing, and a failed effect leaves no
 * ledger row for Stripe's retry to trip over. From the payload only ids, amounts and statuses are used.
 * Everything here is a few small writes: the webhook answers within milliseconds, no external calls.
 */
@Injectable()
export class CheckoutWebhookService {
  private readonly logger = new Logger(CheckoutWebhookService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly stripe: StripeClient,
    private readonly rateLimits: RateLimiter,
    private readonly metrics: MetricsService,
  ) {}

  /** `client` is the sender's address (rate-limit.guard.ts clientAddress), which refusals are counted against. */
  async handle(
    rawBody: unknown,
    signature: string | undefined,
    client: string,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const event = await this.verify(rawBody, signature, client);
    if (!isHandled(event)) {
      this.logger.log({ eventId: event.id, type: event.type }, 'stripe event ignored');
      this.metrics.webhookEvent(event.type, 'ignored');
      return { received: true, outcome: 'ignored' };
    }
    const outcome = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.stripeEvent.createMany({
        data: [{ id: event.id, type: event.type }],
        skipDuplicates: true,
      });
      if (count === 0) return 'duplicate' as const;
      await this.apply(tx, event);
      await tx.stripeEvent.update({ where: { id: event.id }, data: { processedAt: new Date() } });
      return 'processed' as const;
    });
    this.logger.log({ eventId: event.id, type: event.type, outcome }, 'stripe event');
    this.metrics.webhookEvent(event.type, outcome);
    return { received: true, outcome };
  }

  /** Bad, missing or stale signature (older than the tolerance): 400 (429 past the limit) and nothing stored. */
  private async verify(rawBody: unknown, signature: string | undefined, client: string): Promise<Stripe.Event> {
    if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
      throw await this.refuse(client, 'missing_body', 'The webhook body is missing.');
    }
    if (!signature) throw await this.refuse(client, 'missing_signature', 'The Stripe-Signature header is missing.');
    let reason: RejectionReason;
    try {
      return this.stripe.constructWebhookEvent(rawBody, signature);
    } catch (error) {
      // The SDK's message is a paragraph of advice (about 500 bytes): the log gets a reason code instead.
      reason = /tolerance/i.test((error as Error).message) ? 'stale_signature' : 'bad_signature';
    }
    throw await this.refuse(client, reason, 'The Stripe signature could not be verified.');
  }

  /** Counts a refusal against the client's budget and logs it (once at most, past the budget). */
  private async refuse(client: string, reason: RejectionReason, message: string): Promise<HttpException> {
    this.metrics.webhookEvent(undefined, 'rejected');
    const { isBlocked, refusals } = await this.rateLimits.hit(
      'webhook_rejections',
      WEBHOOK_PATH,
      client,
      WEBHOOK_REJECTIONS_PER_MINUTE,
    );
    if (!isBlocked) {
      this.logRejection(reason);
      return new ApiError(HttpStatus.BAD_REQUEST, message);
    }
    if (refusals === 1) this.logRejection('rate_limited');
    return new TooManyRequestsError();
  }

  private logRejection(reason: RejectionReason): void {
    this.logger.warn({ event: 'stripe_webhook_rejected', reason }, 'stripe webhook rejected');
  }

  private async apply(tx: Tx, event: HandledEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(tx, event.data.object);
      case 'invoice.paid':
        return this.invoicePaid(tx, event.data.object);
      case 'invoice.payment_failed':
        return this.invoiceFailed(tx, event.data.object);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(tx, event.data.object);
    }
  }

  /** The donor finished Checkout: the subscription exists. */
  private async checkoutCompleted(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
    const intent = await this.findIntent(tx, {
      intentId: session.metadata?.intent_id,
      sessionId: session.id,
      subscriptionId: idOf(session.subscription),
    });
    if (!intent) {
      this.logger.warn({ sessionId: session.id }, 'checkout.session.completed for an unknown donation intent');
      return;
    }
    await tx.donationIntent.update({
      where: { id: intent.id },
      data: {
        // A cancellation that overtook this event stays a cancellation.
        status: intent.status === 'cancelled' ? 'cancelled' : 'completed',
        stripeSessionId: intent.stripeSessionId ?? session.id,
        stripeCustomerId: idOf(session.customer) ?? intent.stripeCustomerId,
        stripeSubscriptionId: idOf(session.subscription) ?? intent.stripeSubscriptionId,
        lastError: null,
      },
    });
  }

  /** One row per invoice, i.e. per month; a later "paid" wins over an earlier failed attempt. */
  private async invoicePaid(tx: Tx, invoice: Stripe.Invoice): Promise<void> {
    const row = await this.paymentRow(tx, invoice, 'paid');
    await tx.donationPayment.upsert({
      where: { stripeInvoiceId: row.stripeInvoiceId },
      create: row,
      update: { status: 'paid', amountCents: row.amountCents, currency: row.currency },
    });
  }

  /** A failed attempt is recorded once; it never overwrites a payment that already succeeded. */
  private async invoiceFailed(tx: Tx, invoice: Stripe.Invoice): Promise<void> {
    const row = await this.paymentRow(tx, invoice, 'failed');
    await tx.donationPayment.createMany({ data: [row], skipDuplicates: true });
  }

  private async subscriptionDeleted(tx: Tx, subscription: Stripe.Subscription): Promise<void> {
    const intent = await this.findIntent(tx, {
      intentId: subscription.metadata?.intent_id,
      subscriptionId: subscription.id,
    });
    if (!intent) {
      this.logger.warn({ subscriptionId: subscription.id }, 'subscription deleted for an unknown donation intent');
      return;
    }
    await tx.donationIntent.update({
      where: { id: intent.id },
      data: { status: 'cancelled', stripeSubscriptionId: intent.stripeSubscriptionId ?? subscription.id },
    });
  }

  private async paymentRow(
    tx: Tx,
    invoice: Stripe.Invoice,
    status: 'paid' | 'failed',
  ): Promise<Prisma.DonationPaymentCreateManyInput & { stripeInvoiceId: string }> {
    const subscriptionId = subscriptionOfInvoice(invoice);
    // invoice.paid for the first month may arrive before checkout.session.completed: fall back to the intent id
    // the subscription carries in its metadata.
    const intent = await this.findIntent(tx, {
      subscriptionId,
      intentId: invoice.parent?.subscription_details?.metadata?.intent_id,
    });
    if (intent && !intent.stripeSubscriptionId && subscriptionId) {
      await tx.donationIntent.update({ where: { id: intent.id }, data: { stripeSubscriptionId: subscriptionId } });
    }
    if (!intent) this.logger.warn({ invoiceId: invoice.id, subscriptionId }, 'invoice for an unknown donation');
    return {
      stripeInvoiceId: invoice.id,
      intentId: intent?.id ?? null,
      stripeSubscriptionId: subscriptionId,
      amountCents: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status,
    };
  }

  private async findIntent(
    tx: Tx,
    keys: { intentId?: string | null; sessionId?: string | null; subscriptionId?: string | null },
  ) {
    if (keys.subscriptionId) {
      const bySubscription = await tx.donationIntent.findUnique({
        where: { stripeSubscriptionId: keys.subscriptionId },
      });
      if (bySubscription) return bySubscription;
    }
    if (keys.intentId && UUID.test(keys.intentId)) {
      const byId = await tx.donationIntent.findUnique({ where: { id: keys.intentId } });
      if (byId) return byId;
    }
    if (keys.sessionId) return tx.donationIntent.findUnique({ where: { stripeSessionId: keys.sessionId } });
    return null;
  }
}

function isHandled(event: Stripe.Event): event is HandledEvent {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Since API version 2025-03-31 the subscription sits under parent.subscription_details; older payloads had it at the top. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy);
}
