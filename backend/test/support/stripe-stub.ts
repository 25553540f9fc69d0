import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../src/config/stripe-api-version';
import { HttpStub, sendJson, type StubRequest } from './http-stub';
import { sendListPage, StripePortalStub } from './stripe-portal-stub';
import { changeSubscription } from './stripe-subscription-stub';

export interface CreatedSession {
  id: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

type Json = Record<string, unknown>;

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

/** The URL of the stand-in's webhook endpoint: the site at https://www.stichting.test. */
export const STUB_WEBHOOK_URL = 'https://www.stichting.test/api/stripe/webhook';

/** The events docs/stripe-setup.md §2 tells the operator to select on the endpoint. */
export const DOCUMENTED_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_reinstated',
  'mandate.updated',
];

/** A webhook endpoint as GET /v1/webhook_endpoints lists it (no `secret`: Stripe shows it only at creation). */
export function webhookEndpoint(overrides: Partial<Stripe.WebhookEndpoint> = {}): Stripe.WebhookEndpoint {
  return {
    id: randomId('we'),
    object: 'webhook_endpoint',
    api_version: STRIPE_API_VERSION,
    application: null,
    created: now(),
    description: null,
    enabled_events: [...DOCUMENTED_WEBHOOK_EVENTS],
    livemode: false,
    metadata: {},
    status: 'enabled',
    url: STUB_WEBHOOK_URL,
    ...overrides,
  };
}

/** A product in the pinned version's shape; `active: false` is an archived one. */
export function stripeProduct(id: string, fields: { name?: string | null; active?: boolean } = {}): Json {
  return {
    id,
    object: 'product',
    active: fields.active ?? true,
    created: now(),
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: fields.name ?? id,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    unit_label: null,
    updated: now(),
    url: null,
  };
}

/**
 * Speaks the part of Stripe's HTTP API (version STRIPE_API_VERSION) the site uses, form-encoded with a Bearer key:
 * - POST /v1/checkout/sessions, answering a Checkout Session whose `url` is a local checkout page served by the stub
 *   itself; it refuses parameters the pinned version removed (`payment_method_types`) and a product that does not
 *   exist or is archived, as Stripe does;
 * - GET /v1/products/:id, POST /v1/products (custom ids) and POST /v1/products/:id (`active`, `name`): `products`
 *   holds them, each with its `active` flag (false: archived in the Dashboard);
 * - GET /v1/webhook_endpoints (`webhookEndpoints`: one set up as docs/stripe-setup.md §2 asks, at STUB_WEBHOOK_URL);
 * - the customer portal's sessions and configurations (stripe-portal-stub.ts);
 * - GET /v1/invoice_payments?invoice=… with the expansions the ledger asks for (`invoicePayments`, set by tests);
 * - the donor page's subscription changes: update (amount, pause, resume) and cancel (stripe-subscription-stub.ts);
 * - GET /v1/events with `types[]`, `created[gte]`, `limit` and `starting_after`, newest first (`events`, set by tests);
 * - GET /v1/invoices with `subscription`, `created[gte]`, `limit` and `starting_after`, newest first (`invoices`).
 * `failNext` makes the next Checkout call fail the way Stripe does (card_error / api_error JSON with a status);
 * `failLookups` makes every invoice payment lookup answer 500; `forbidden` refuses calls like a restricted key (403).
 */
export class StripeStub {
  readonly sessions: CreatedSession[] = [];
  readonly products = new Map<string, Json>();
  /** Invoice payments by invoice id, as GET /v1/invoice_payments returns them (expanded). */
  readonly invoicePayments = new Map<string, Json[]>();
  /** Refunds by charge id, oldest first, as GET /v1/refunds?charge= lists them now (newest first). */
  readonly refunds = new Map<string, Json[]>();
  /** Disputes by charge id, as GET /v1/disputes?charge= lists them now (a charge has at most one). */
  readonly disputes = new Map<string, Json>();
  /** Payment methods as GET /v1/payment_methods/:id returns them (unknown ids answer 404). */
  readonly paymentMethods = new Map<string, Json>();
  /** Subscriptions as GET /v1/subscriptions/:id returns them now (set by tests; unknown ids answer 404). */
  readonly subscriptions = new Map<string, Json>();
  /** Invoices Stripe "has" (StripeGift.invoice), by id; GET /v1/invoices lists them newest first. */
  readonly invoices = new Map<string, Json>();
  /** Events Stripe "has", in the order they happened; the list endpoint serves them newest first. */
  readonly events: Json[] = [];
  /** The account's webhook endpoints, oldest first (GET /v1/webhook_endpoints lists them newest first). */
  readonly webhookEndpoints: Stripe.WebhookEndpoint[] = [webhookEndpoint()];
  failNext: { status: number; type: string; message: string } | undefined;
  failLookups = false;
  /**
   * Calls the key may not make, as `METHOD /v1/path` (e.g. `GET /v1/webhook_endpoints`): answered 403 the way
   * Stripe answers a restricted key without that permission.
   */
  readonly forbidden = new Set<string>();
  readonly http: HttpStub;
  /** The customer portal's sessions and page (stripe-portal-stub.ts). */
  readonly portal = new StripePortalStub();

  constructor(private readonly secretKey: string) {
    this.http = new HttpStub((request, response) => this.handle(request, response));
  }

  async start(port = 0): Promise<this> {
    await this.http.start(port);
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  get url(): string {
    return this.http.url;
  }

  /** The requests made to `path` (without query), e.g. '/v1/invoice_payments'. */
  requestsTo(method: string, path: string): StubRequest[] {
    return this.http.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
  }

  private handle(request: StubRequest, response: Parameters<typeof sendJson>[0]): void {
    if (this.portal.servePage(request, response)) return;
    const [path, query = ''] = request.path.split('?');
    if (request.method === 'GET' && path.startsWith('/checkout/')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><title>Stripe Checkout (test stub)</title><h1>Stripe Checkout (test stub)</h1></html>',
      );
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.forbidden.has(`${request.method} ${path}`)) {
      return sendJson(response, 403, {
        error: {
          type: 'invalid_request_error',
          message:
            "The provided key 'rk_test_***' does not have the required permissions for this endpoint on account 'acct_test'.",
        },
      });
    }
    if (this.portal.handle(request, response, this.url)) return;
    const params = new URLSearchParams(request.method === 'GET' ? query : request.body);
    if (request.method === 'POST' && path === '/v1/checkout/sessions')
      return this.createSession(request, params, response);
    if (request.method === 'POST' && path === '/v1/products') return this.createProduct(params, response);
    if (request.method === 'POST' && path.startsWith('/v1/products/')) {
      return this.updateProduct(decodeURIComponent(path.slice('/v1/products/'.length)), params, response);
    }
    if (request.method === 'GET' && path === '/v1/webhook_endpoints') {
      return sendListPage(response, '/v1/webhook_endpoints', [...this.webhookEndpoints].reverse(), params);
    }
    if (request.method === 'GET' && path.startsWith('/v1/products/')) {
      const product = this.products.get(decodeURIComponent(path.slice('/v1/products/'.length)));
      if (product) return sendJson(response, 200, product);
      return missing(response, 'product', path.slice('/v1/products/'.length));
    }
    if (request.method === 'GET' && path === '/v1/invoice_payments') {
      if (this.failLookups) return sendJson(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const data = (this.invoicePayments.get(params.get('invoice') ?? '') ?? []).map((payment) =>
        expandedAsAsked(payment, expansions(params)),
      );
      return sendJson(response, 200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
    }
    if (request.method === 'GET' && path === '/v1/events') return this.listEvents(params, response);
    if (request.method === 'GET' && path === '/v1/invoices') return this.listInvoices(params, response);
    if (request.method === 'GET' && path === '/v1/refunds') {
      if (this.failLookups) return sendJson(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const charge = params.get('charge');
      const data = [...((charge && this.refunds.get(charge)) || [])].reverse();
      return sendJson(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (request.method === 'GET' && path === '/v1/disputes') {
      if (this.failLookups) return sendJson(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const dispute = this.disputes.get(params.get('charge') ?? '');
      return sendJson(response, 200, {
        object: 'list',
        data: dispute ? [dispute] : [],
        has_more: false,
        url: '/v1/disputes',
      });
    }
    if (request.method === 'GET' && path.startsWith('/v1/payment_methods/')) {
      const id = decodeURIComponent(path.slice('/v1/payment_methods/'.length));
      const method = this.paymentMethods.get(id);
      return method ? sendJson(response, 200, method) : missing(response, 'payment_method', id);
    }
    if (changeSubscription(this.subscriptions, request.method, path, params, response)) return;
    if (request.method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      const id = decodeURIComponent(path.slice('/v1/subscriptions/'.length));
      const subscription = this.subscriptions.get(id);
      return subscription ? sendJson(response, 200, subscription) : missing(response, 'subscription', id);
    }
    sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path})`,
      },
    });
  }

  private createSession(request: StubRequest, params: URLSearchParams, response: Parameters<typeof sendJson>[0]) {
    if (this.failNext) {
      const failure = this.failNext;
      this.failNext = undefined;
      return sendJson(response, failure.status, { error: { type: failure.type, message: failure.message } });
    }
    const removed = [...params.keys()].find((key) => key.startsWith('payment_method_types'));
    if (removed) {
      return sendJson(response, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          message: `Received unknown parameter: ${removed}`,
        },
      });
    }
    const product = params.get('line_items[0][price_data][product]');
    if (product !== null && !this.products.has(product)) return missing(response, 'product', product);
    if (product !== null && this.products.get(product)?.active === false) {
      // Stripe makes no price for an archived product (the stand-in's wording, Stripe's status and error type).
      return sendJson(response, 400, {
        error: {
          type: 'invalid_request_error',
          param: 'line_items[0][price_data][product]',
          message: `The product '${product}' is not active, so no price can be created for it.`,
        },
      });
    }
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const existing = this.sessions.find((s) => idempotencyKey && s.idempotencyKey === idempotencyKey);
    const session = existing ?? { id: `cs_test_${randomBytes(12).toString('hex')}`, params, idempotencyKey };
    if (!existing) this.sessions.push(session);
    return sendJson(response, 200, {
      id: session.id,
      object: 'checkout.session',
      mode: params.get('mode'),
      url: `${this.url}/checkout/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      metadata: {},
    });
  }

  private createProduct(params: URLSearchParams, response: Parameters<typeof sendJson>[0]) {
    const id = params.get('id') ?? randomId('prod');
    if (this.products.has(id)) {
      return sendJson(response, 400, {
        error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists.' },
      });
    }
    const product = stripeProduct(id, { name: params.get('name'), active: params.get('active') !== 'false' });
    this.products.set(id, product);
    sendJson(response, 200, product);
  }

  private updateProduct(id: string, params: URLSearchParams, response: Parameters<typeof sendJson>[0]) {
    const product = this.products.get(id);
    if (!product) return missing(response, 'product', id);
    const active = params.get('active');
    if (active !== null) product.active = active === 'true';
    const name = params.get('name');
    if (name !== null) product.name = name;
    product.updated = now();
    sendJson(response, 200, product);
  }

  private listEvents(params: URLSearchParams, response: Parameters<typeof sendJson>[0]) {
    const types = [...params.entries()].filter(([key]) => /^types\[\d*\]$/.test(key)).map(([, value]) => value);
    const since = Number(params.get('created[gte]') ?? 0);
    const limit = Math.min(Number(params.get('limit') ?? 10), 100);
    let newestFirst = [...this.events]
      .reverse()
      .filter((e) => (types.length === 0 || types.includes(e.type as string)) && (e.created as number) >= since);
    const after = params.get('starting_after');
    if (after) newestFirst = newestFirst.slice(newestFirst.findIndex((e) => e.id === after) + 1);
    sendJson(response, 200, {
      object: 'list',
      data: newestFirst.slice(0, limit),
      has_more: newestFirst.length > limit,
      url: '/v1/events',
    });
  }

  /** Stripe's invoice list: of one subscription (as named under parent.subscription_details) if asked, newest first. */
  private listInvoices(params: URLSearchParams, response: Parameters<typeof sendJson>[0]) {
    const subscription = params.get('subscription');
    const since = Number(params.get('created[gte]') ?? 0);
    const newestFirst = [...this.invoices.values()]
      .filter((invoice) => {
        const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
        return subscription === null || parent?.subscription_details?.subscription === subscription;
      })
      .filter((invoice) => (invoice.created as number) >= since)
      .sort((a, b) => (b.created as number) - (a.created as number)) as Array<Json & { id: string }>;
    sendListPage(response, '/v1/invoices', newestFirst, params);
  }

  static randomSecret(): string {
    return `sk_test_${randomBytes(12).toString('hex')}`;
  }
}

/** The `expand[]` paths of a request (the SDK sends them as `expand[0]`, `expand[1]`, …). */
function expansions(params: URLSearchParams): string[] {
  return [...params.entries()].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
}

/**
 * An invoice payment as Stripe answers it for the expansions asked: the payment intent and its latest charge are ids
 * unless `data.payment.payment_intent` (and `.latest_charge`) were asked for, so code that forgets an expansion fails
 * here as it would at Stripe.
 */
function expandedAsAsked(stored: Json, asked: string[]): Json {
  const payment = stored.payment as Json;
  const intent = payment.payment_intent as Json | string | null;
  if (!intent || typeof intent === 'string') return stored;
  const withCharge = asked.includes('data.payment.payment_intent.latest_charge');
  const withIntent = withCharge || asked.includes('data.payment.payment_intent');
  const charge = intent.latest_charge as Json | string | null;
  const chargeId = charge && typeof charge === 'object' ? (charge.id as string) : charge;
  const shownIntent = withIntent ? { ...intent, latest_charge: withCharge ? charge : chargeId } : intent.id;
  return { ...stored, payment: { ...payment, payment_intent: shownIntent } };
}

function missing(response: Parameters<typeof sendJson>[0], kind: string, id: string) {
  sendJson(response, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${kind}: '${id}'`,
    },
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** A webhook delivery as Stripe sends it: the JSON body and its `Stripe-Signature`, made by the SDK's own helper. */
export function signWebhook(
  event: object,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, signature };
}

let eventCounter = 0;

/**
 * A Stripe event envelope around `object`, in the pinned API version. `created` defaults to now plus a counter, so
 * events made one after another are one second apart, in order.
 */
export function stripeEvent(
  type: string,
  object: object,
  options: { id?: string; created?: number; apiVersion?: string } = {},
) {
  eventCounter += 1;
  return {
    id: options.id ?? randomId('evt'),
    object: 'event',
    api_version: options.apiVersion ?? STRIPE_API_VERSION,
    created: options.created ?? now() + eventCounter,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

const DAY = 86_400;
const MONTH = 30 * DAY;

/**
 * One monthly gift as Stripe sees it: its customer, subscription and invoices, shaped after Stripe's API reference
 * for the pinned version (invoices name their subscription under parent.subscription_details; charges are reached
 * through invoice payments). `donationId` goes into the metadata as Checkout copies it.
 */
export class StripeGift {
  readonly customer = randomId('cus');
  readonly subscription = randomId('sub');
  readonly subscriptionItem = randomId('si');
  readonly price = randomId('price');
  readonly firstInvoice = randomId('in');
  readonly start = now() - 2 * MONTH;

  constructor(
    readonly donationId: string,
    readonly sessionId: string,
    readonly amountCents: number,
    readonly product = 'monthly_donation',
  ) {}

  private get metadata() {
    return { donation_id: this.donationId, language: 'nl' };
  }

  /** The Checkout Session at the end (`complete`, paid or not yet) or expired unused. */
  session(payment_status: 'paid' | 'unpaid', status: 'complete' | 'expired' = 'complete') {
    const completed = status === 'complete';
    return {
      id: this.sessionId,
      object: 'checkout.session',
      allowed_payment_method_types: null,
      amount_subtotal: this.amountCents,
      amount_total: this.amountCents,
      cancel_url: 'http://127.0.0.1/donatie-geannuleerd',
      created: this.start,
      currency: 'eur',
      customer: completed ? this.customer : null,
      customer_details: completed ? { email: 'donor@example.org', name: null } : null,
      customer_email: 'donor@example.org',
      expires_at: this.start + DAY,
      invoice: completed ? this.firstInvoice : null,
      livemode: false,
      locale: 'nl',
      metadata: this.metadata,
      mode: 'subscription',
      payment_intent: null,
      payment_method_collection: 'always',
      payment_method_types: ['card', 'ideal', 'sepa_debit'],
      payment_status,
      status,
      subscription: completed ? this.subscription : null,
      success_url: 'http://127.0.0.1/bedankt?amount=25',
      url: null,
    };
  }

  /** Invoice `month` (0 is the first) of the subscription; `paid_at` set when paid. */
  invoice(
    id: string,
    month: number,
    state: { status: 'paid' | 'open'; attempt_count?: number; next_payment_attempt?: number | null; amount?: number },
  ) {
    const amount = state.amount ?? this.amountCents;
    const periodStart = this.start + month * MONTH;
    const paid = state.status === 'paid';
    return {
      id,
      object: 'invoice',
      account_country: 'NL',
      account_name: 'Stichting Samen Verder',
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: state.attempt_count ?? 1,
      attempted: true,
      billing_reason: month === 0 ? 'subscription_create' : 'subscription_cycle',
      collection_method: 'charge_automatically',
      created: periodStart,
      currency: 'eur',
      customer: this.customer,
      customer_email: 'donor@example.org',
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
      lines: {
        object: 'list',
        data: [
          {
            id: randomId('il'),
            object: 'line_item',
            amount,
            currency: 'eur',
            description: `1 × Maandelijkse donatie (at €${(amount / 100).toFixed(2)} / month)`,
            invoice: id,
            livemode: false,
            metadata: this.metadata,
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: this.subscription,
                subscription_item: this.subscriptionItem,
              },
            },
            period: { start: periodStart, end: periodStart + MONTH },
            pricing: {
              price_details: { price: this.price, product: this.product },
              type: 'price_details',
              unit_amount_decimal: String(amount),
            },
            quantity: 1,
            subscription: this.subscription,
            subtotal: amount,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : (state.next_payment_attempt ?? null),
      number: `SSV-${String(month + 1).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: this.metadata, subscription: this.subscription },
      },
      period_end: periodStart,
      period_start: periodStart - MONTH,
      status: state.status,
      status_transitions: {
        finalized_at: periodStart + 3600,
        marked_uncollectible_at: null,
        paid_at: paid ? periodStart + 3 * DAY : null,
        voided_at: null,
      },
      subtotal: amount,
      total: amount,
    };
  }

  /** The subscription now: `status` as Stripe names it; `ended` for a deleted one. */
  subscriptionObject(state: {
    status: string;
    amount?: number;
    month?: number;
    cancel_at_period_end?: boolean;
    canceled_at?: number | null;
    ended_at?: number | null;
    latest_invoice?: string;
    /** Collection paused until this time (null: until resumed by hand); absent: not paused. */
    paused_until?: number | null;
  }) {
    const periodStart = this.start + (state.month ?? 0) * MONTH;
    return {
      id: this.subscription,
      object: 'subscription',
      billing_cycle_anchor: this.start,
      cancel_at: state.cancel_at_period_end ? periodStart + MONTH : null,
      cancel_at_period_end: state.cancel_at_period_end ?? false,
      canceled_at: state.canceled_at ?? null,
      cancellation_details: {
        comment: null,
        feedback: null,
        reason: state.canceled_at ? 'cancellation_requested' : null,
      },
      collection_method: 'charge_automatically',
      created: this.start,
      currency: 'eur',
      customer: this.customer,
      default_payment_method: randomId('pm'),
      ended_at: state.ended_at ?? null,
      pause_collection: state.paused_until === undefined ? null : { behavior: 'void', resumes_at: state.paused_until },
      items: {
        object: 'list',
        data: [
          {
            id: this.subscriptionItem,
            object: 'subscription_item',
            created: this.start,
            current_period_end: periodStart + MONTH,
            current_period_start: periodStart,
            metadata: {},
            price: {
              id: this.price,
              object: 'price',
              active: false,
              currency: 'eur',
              product: this.product,
              recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
              type: 'recurring',
              unit_amount: state.amount ?? this.amountCents,
            },
            quantity: 1,
            subscription: this.subscription,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${this.subscription}`,
      },
      latest_invoice: state.latest_invoice ?? this.firstInvoice,
      livemode: false,
      metadata: this.metadata,
      start_date: this.start,
      status: state.status,
    };
  }

  /**
   * The invoice payment GET /v1/invoice_payments returns for `invoiceId`, expanded down to the charge
   * (data.payment.payment_intent.latest_charge).
   */
  /** `intentStatus`: the payment intent's, when it is not what the charge implies (requires_action: 3-D Secure). */
  invoicePayment(invoiceId: string, charge: ReturnType<typeof stripeCharge>, intentStatus?: string) {
    const paid = charge.status === 'succeeded';
    return {
      id: randomId('inpay'),
      object: 'invoice_payment',
      amount_paid: paid ? charge.amount : null,
      amount_requested: charge.amount,
      created: charge.created,
      currency: 'eur',
      invoice: invoiceId,
      is_default: true,
      livemode: false,
      payment: {
        type: 'payment_intent',
        payment_intent: {
          id: charge.payment_intent,
          object: 'payment_intent',
          amount: charge.amount,
          currency: 'eur',
          customer: this.customer,
          latest_charge: charge,
          payment_method: charge.payment_method,
          payment_method_types: ['card', 'ideal', 'sepa_debit'],
          status:
            intentStatus ??
            (paid ? 'succeeded' : charge.status === 'pending' ? 'processing' : 'requires_payment_method'),
        },
      },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: paid ? charge.created : null },
    };
  }
}

/**
 * A charge as Stripe reports it: `method` is the payment method type Stripe names (ideal, sepa_debit, card, or any
 * other), with its details object under that name.
 */
export function stripeCharge(state: {
  amount: number;
  method: string;
  status: 'succeeded' | 'failed' | 'pending';
  customer?: string;
  amount_refunded?: number;
  disputed?: boolean;
  /** When the charge was made (for SEPA: the debit), seconds since the epoch; now by default. */
  created?: number;
}) {
  const refunded = state.amount_refunded ?? 0;
  return {
    id: randomId('ch'),
    object: 'charge',
    amount: state.amount,
    amount_captured: state.status === 'succeeded' ? state.amount : 0,
    amount_refunded: refunded,
    captured: state.status === 'succeeded',
    created: state.created ?? now(),
    currency: 'eur',
    customer: state.customer ?? null,
    description: 'Subscription update',
    disputed: state.disputed ?? false,
    failure_code: state.status === 'failed' ? 'insufficient_funds' : null,
    failure_message: state.status === 'failed' ? 'The account has insufficient funds to cover this payment.' : null,
    livemode: false,
    metadata: {},
    paid: state.status === 'succeeded',
    payment_intent: randomId('pi'),
    payment_method: randomId('pm'),
    payment_method_details: { type: state.method, [state.method]: {} },
    refunded: refunded > 0 && refunded === state.amount,
    status: state.status,
  };
}

/** A dispute of `charge` (for a SEPA debit: the donor's bank reversed it). */
export function stripeDispute(
  charge: ReturnType<typeof stripeCharge>,
  reason = 'debit_not_authorized',
  status: Stripe.Dispute.Status = 'needs_response',
) {
  return {
    id: randomId('dp'),
    object: 'dispute',
    amount: charge.amount,
    charge: charge.id,
    created: now(),
    currency: 'eur',
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason,
    status,
  };
}

/** A refund of `charge` as Stripe reports it; a failed one says why (a closed SEPA account, an expired card). */
export function stripeRefund(
  charge: ReturnType<typeof stripeCharge>,
  amount: number,
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' = 'succeeded',
) {
  return {
    id: randomId('re'),
    object: 'refund',
    amount,
    balance_transaction: randomId('txn'),
    charge: charge.id,
    created: now(),
    currency: 'eur',
    destination_details: null,
    failure_balance_transaction: status === 'failed' ? randomId('txn') : undefined,
    failure_reason: status === 'failed' ? 'unknown' : undefined,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: 'requested_by_customer',
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
  };
}

/** A SEPA Direct Debit mandate of `paymentMethod` as Stripe reports it (inactive: revoked, or its account closed). */
export function stripeMandate(paymentMethod: string, status: 'active' | 'inactive' | 'pending') {
  return {
    id: randomId('mandate'),
    object: 'mandate',
    customer_acceptance: {
      accepted_at: now() - 90 * 86_400,
      online: { ip_address: '192.0.2.1', user_agent: 'test' },
      type: 'online',
    },
    livemode: false,
    multi_use: {},
    payment_method: paymentMethod,
    payment_method_details: {
      sepa_debit: { reference: 'NXDSTESTREF', url: 'https://stripe.com/mandate' },
      type: 'sepa_debit',
    },
    status,
    type: 'multi_use',
  };
}

/** A SEPA Direct Debit payment method attached to `customer`, as GET /v1/payment_methods/:id returns it. */
export function stripeSepaPaymentMethod(id: string, customer: string) {
  return {
    id,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: 'Test Donor', phone: null },
    created: now() - 90 * 86_400,
    customer,
    livemode: false,
    metadata: {},
    sepa_debit: { bank_code: '12345678', branch_code: '', country: 'NL', fingerprint: 'fp', last4: '3000' },
    type: 'sepa_debit',
  };
}
