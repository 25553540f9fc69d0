import { Inject, Injectable, Optional } from '@nestjs/common';
import Stripe from 'stripe';
import type { StripeAccess, StripeConfig } from '../config/app-config';
import { STRIPE_ACCESS } from '../config/config.module';
import { STRIPE_API_VERSION } from '../config/stripe-api-version';
import { MetricsService } from '../metrics/metrics.service';
import { countStripeRateLimits } from './stripe-rate-limits';

export { STRIPE_API_VERSION };

/** A visitor waits for this call: fail after 10 s rather than Stripe's default 80 s. */
const STRIPE_TIMEOUT_MS = 10_000;
/** Seconds a webhook signature stays valid (Stripe's default tolerance; replayed old deliveries are refused). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;
/** Stripe keeps events for 30 days: the event list goes back no further (docs/architecture.md §3.7). */
export const STRIPE_EVENT_RETENTION_DAYS = 30;
/** The invoices of one subscription read at most: a monthly gift of a hundred years. */
export const MAX_INVOICES_PER_SUBSCRIPTION = 1200;

/**
 * How an invoice was paid (or attempted), read from its invoice payment: Stripe no longer puts the charge on the
 * invoice, and no charge event names its invoice (docs/architecture.md §3.5). The method type is Stripe's name
 * (ideal, sepa_debit, card, …), passed on as is.
 */
export interface InvoicePaymentDetails {
  paymentIntentId: string | null;
  chargeId: string | null;
  paymentMethodType: string | null;
  /**
   * When the money was taken: the charge's creation, which for a SEPA Direct Debit is the debit itself, days before
   * Stripe confirms it (docs/product.md §7.9: the statement dates a gift by it).
   */
  chargedAt: Date | null;
  /** Cents refunded so far, whether the charge is fully refunded, and whether the donor's bank reversed it. */
  amountRefunded: number;
  refunded: boolean;
  disputed: boolean;
  /** Stripe waits for the donor to confirm the payment (3-D Secure): the attempt failed for that reason only. */
  needsConfirmation: boolean;
  /**
   * Where the charge's dispute stands (won, lost, needs_response, …) when it has one, and its refunds, as Stripe has
   * them now: a dispute or refund reported before the invoice was recorded matched no payment then, and is known here.
   */
  disputeStatus: string | null;
  refunds: Stripe.Refund[];
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  !value ? null : typeof value === 'string' ? value : value.id;

/**
 * The one place that talks to Stripe (docs/architecture.md §10.1: infrastructure behind small services). Tests point it at a
 * local Stripe-compatible server through STRIPE_API_URL; the code path stays the same.
 */
@Injectable()
export class StripeClient {
  private readonly stripe: Stripe;

  constructor(
    @Inject(STRIPE_ACCESS)
    private readonly config: StripeAccess & Partial<Pick<StripeConfig, 'webhookSecret'>>,
    @Optional() metrics?: MetricsService,
  ) {
    this.stripe = new Stripe(config.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      // Safe to retry: every create call carries an idempotency key, every other call only reads.
      maxNetworkRetries: 1,
      timeout: STRIPE_TIMEOUT_MS,
      telemetry: false,
      ...apiEndpoint(config.apiUrl),
    });
    countStripeRateLimits(this.stripe, metrics);
  }

  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.create(params, { idempotencyKey });
  }

  /**
   * Makes sure the product `id` exists and is active: read it, create it with that id and `name` when Stripe has none,
   * and make it active again when someone archived it in the Dashboard (Checkout makes no price for an archived
   * product, so every donation would fail). Two processes creating it at once end with the one product (same id; the
   * loser's "already exists" is fine). Says which of the three it found; throws ProductReactivationError when Stripe
   * refuses to make an archived product active.
   */
  async ensureProduct(id: string, name: string): Promise<'active' | 'created' | 'reactivated'> {
    const product = await this.retrieveProduct(id);
    if (product?.active) return 'active';
    if (product) {
      try {
        await this.stripe.products.update(id, { active: true });
      } catch (error) {
        throw new ProductReactivationError(id, error);
      }
      return 'reactivated';
    }
    try {
      await this.stripe.products.create({ id, name }, { idempotencyKey: `product-${id}` });
    } catch (error) {
      if (!isStripeCode(error, 'resource_already_exists')) throw error;
    }
    return 'created';
  }

  /** The product `id`, or null when Stripe has none (never created, or deleted). */
  retrieveProduct(id: string): Promise<Stripe.Product | null> {
    return nullIfMissing(this.stripe.products.retrieve(id));
  }

  /**
   * The customer-portal configuration donors' sessions use: `id` (STRIPE_PORTAL_CONFIGURATION_ID), or the account's
   * default one when `id` is undefined. Null when there is none (an unknown id, or an account that never saved its
   * portal settings).
   */
  async portalConfiguration(id: string | undefined): Promise<Stripe.BillingPortal.Configuration | null> {
    if (id === undefined) {
      const page = await this.stripe.billingPortal.configurations.list({ is_default: true, limit: 1 });
      return page.data[0] ?? null;
    }
    return nullIfMissing(this.stripe.billingPortal.configurations.retrieve(id));
  }

  /** Every webhook endpoint of the account (Stripe allows a handful; one page of 100 holds them all, more are read). */
  async listWebhookEndpoints(): Promise<Stripe.WebhookEndpoint[]> {
    const endpoints: Stripe.WebhookEndpoint[] = [];
    for await (const endpoint of this.stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(endpoint);
    return endpoints;
  }

  /**
   * The payment of an invoice: its PaymentIntent and that intent's latest charge (method, refunds, dispute). The paid
   * invoice payment when there is one, else the newest attempt; null when the invoice has none (nothing was charged).
   */
  async invoicePaymentDetails(invoiceId: string): Promise<InvoicePaymentDetails | null> {
    const page = await this.stripe.invoicePayments.list({
      invoice: invoiceId,
      limit: 10,
      expand: ['data.payment.payment_intent.latest_charge'],
    });
    const payments = [...page.data].sort((a, b) => b.created - a.created);
    const payment = payments.find((p) => p.status === 'paid') ?? payments[0];
    if (!payment) return null;
    const intent = typeof payment.payment.payment_intent === 'object' ? payment.payment.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const dispute = charge?.disputed
      ? (await this.stripe.disputes.list({ charge: charge.id, limit: 1 })).data[0]
      : null;
    const refunds = charge && charge.amount_refunded > 0 ? await this.chargeRefunds(charge.id) : [];
    return {
      paymentIntentId: idOf(payment.payment.payment_intent),
      chargeId: charge?.id ?? idOf(payment.payment.charge) ?? idOf(intent?.latest_charge),
      paymentMethodType: charge?.payment_method_details?.type ?? null,
      chargedAt: charge ? new Date(charge.created * 1000) : null,
      amountRefunded: charge?.amount_refunded ?? 0,
      refunded: charge?.refunded ?? false,
      disputed: charge?.disputed ?? false,
      needsConfirmation: intent?.status === 'requires_action',
      disputeStatus: dispute?.status ?? null,
      refunds,
    };
  }

  /**
   * The refunds of a charge as Stripe has them now, newest first (one page of 100: a monthly gift is refunded once or a
   * few times). A refund reported earlier may have failed since (docs/product.md §4.2).
   */
  async chargeRefunds(chargeId: string): Promise<Stripe.Refund[]> {
    const page = await this.stripe.refunds.list({ charge: chargeId, limit: 100 });
    return page.data;
  }

  /** The customer a payment method is attached to (a SEPA mandate names only its payment method), if any. */
  async customerOfPaymentMethod(paymentMethodId: string): Promise<string | null> {
    const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    return idOf(method.customer);
  }

  /** The subscription as it is now (the ledger asks when two of its events carry the same second). */
  retrieveSubscription(id: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.retrieve(id);
  }

  /** Events of `types` created since `since`, oldest first (Stripe lists newest first; at most 30 days back). */
  async listEvents(types: readonly string[], since: Date): Promise<Stripe.Event[]> {
    const events: Stripe.Event[] = [];
    const list = this.stripe.events.list({
      types: [...types],
      created: { gte: Math.floor(since.getTime() / 1000) },
      limit: 100,
    });
    for await (const event of list) events.push(event);
    // Stripe's order, newest first, also orders events of the same second: reversed, it is the order they happened.
    return events.reverse();
  }

  /** The subscription as it is now, or null when Stripe has none with that id (reconciliation from objects). */
  findSubscription(id: string): Promise<Stripe.Subscription | null> {
    return nullIfMissing(this.stripe.subscriptions.retrieve(id));
  }

  /**
   * The invoices of a subscription (created since `since`, when given), oldest first: every page, read with the
   * SDK's auto-pagination up to MAX_INVOICES_PER_SUBSCRIPTION (docs/architecture.md §3.7).
   */
  async listSubscriptionInvoices(subscriptionId: string, since?: Date): Promise<Stripe.Invoice[]> {
    const invoices = await this.stripe.invoices
      .list({
        subscription: subscriptionId,
        limit: 100,
        ...(since ? { created: { gte: Math.floor(since.getTime() / 1000) } } : {}),
      })
      .autoPagingToArray({ limit: MAX_INVOICES_PER_SUBSCRIPTION });
    // Stripe lists newest first.
    return invoices.reverse();
  }

  /**
   * docs/product.md §7.10: a new monthly amount from the next debit on: the subscription's one item gets a price made
   * for it on the same product (`items[].price_data`), with no proration, so nothing is charged or credited today.
   */
  async changeSubscriptionAmount(subscriptionId: string, amountCents: number): Promise<Stripe.Subscription> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    return this.stripe.subscriptions.update(subscriptionId, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: item.price.currency,
            product: idOf(item.price.product) ?? '',
            recurring: { interval: 'month' },
            unit_amount: amountCents,
          },
        },
      ],
      proration_behavior: 'none',
    });
  }

  /** docs/product.md §7.10: no debit until `resumesAt` (the months skipped are not invoiced), then it resumes by itself. */
  pauseSubscription(subscriptionId: string, resumesAt: Date): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.update(subscriptionId, {
      pause_collection: { behavior: 'void', resumes_at: Math.floor(resumesAt.getTime() / 1000) },
    });
  }

  /** Collection again from now on: an empty `pause_collection` removes the pause. */
  resumeSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.update(subscriptionId, { pause_collection: '' });
  }

  /**
   * docs/product.md §4.9: the subscription ends by itself at `at` (a periodic gift's term is over); no proration, so
   * the month under way is neither credited nor charged again.
   */
  endSubscriptionAt(subscriptionId: string, at: Date): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.update(subscriptionId, {
      cancel_at: Math.floor(at.getTime() / 1000),
      proration_behavior: 'none',
    });
  }

  /** Ends the subscription at once (no further invoice; nothing already paid is refunded). */
  cancelSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.cancel(subscriptionId);
  }

  /**
   * A customer-portal session that only lets the donor replace the payment method (`flow_data` payment_method_update),
   * then returns to `returnUrl` (docs/product.md §7.10).
   */
  paymentMethodUpdateSession(
    params: Pick<Stripe.BillingPortal.SessionCreateParams, 'customer' | 'locale' | 'configuration'> & {
      returnUrl: string;
    },
  ): Promise<Stripe.BillingPortal.Session> {
    const { returnUrl, ...session } = params;
    return this.stripe.billingPortal.sessions.create({
      ...session,
      return_url: returnUrl,
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
      },
    });
  }

  /** Verifies `Stripe-Signature` over the exact bytes received; throws StripeSignatureVerificationError. */
  constructWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.webhookSecret ?? '',
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    );
  }
}

/**
 * The donation product is archived and Stripe refused to make it active again (a restricted key without write access
 * to products, for one): what to do in the Dashboard is in the message (docs/stripe-setup.md §2).
 */
export class ProductReactivationError extends Error {
  constructor(
    readonly productId: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `the donation product ${productId} is archived in Stripe and could not be made active again (${reason}). ` +
        `In the Stripe Dashboard open Product catalog, show archived products, open ${productId} and choose ` +
        `"Unarchive" (or set STRIPE_DONATION_PRODUCT_ID to an active product); until then every checkout fails`,
      { cause },
    );
    this.name = 'ProductReactivationError';
  }
}

function isStripeCode(error: unknown, code: string): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === code;
}

/** The object a retrieve call answers, or null when Stripe has none with that id. */
async function nullIfMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isStripeCode(error, 'resource_missing')) return null;
    throw error;
  }
}

/** host/port/protocol for a Stripe-compatible server given as a URL (STRIPE_API_URL); Stripe itself otherwise. */
function apiEndpoint(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}
