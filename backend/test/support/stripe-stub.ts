import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { HttpStub, sendJson, type StubRequest } from './http-stub';
import { StripePortalStub } from './stripe-portal-stub';

export interface CreatedSession {
  id: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * Speaks the part of Stripe's HTTP API the site uses: POST /v1/checkout/sessions (form-encoded, Bearer key),
 * answering a Checkout Session whose `url` is a local checkout page served by the stub itself.
 * `failNext` makes the next call fail the way Stripe does (card_error / api_error JSON with a status).
 */
export class StripeStub {
  readonly sessions: CreatedSession[] = [];
  failNext: { status: number; type: string; message: string } | undefined;
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

  private handle(request: StubRequest, response: Parameters<typeof sendJson>[0]): void {
    if (this.portal.servePage(request, response)) return;
    if (request.method === 'GET' && request.path.startsWith('/checkout/')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><title>Stripe Checkout (test stub)</title><h1>Stripe Checkout (test stub)</h1></html>',
      );
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.portal.handle(request, response, this.url)) return;
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      if (this.failNext) {
        const failure = this.failNext;
        this.failNext = undefined;
        return sendJson(response, failure.status, { error: { type: failure.type, message: failure.message } });
      }
      const params = new URLSearchParams(request.body);
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const existing = this.sessions.find((s) => idempotencyKey && s.idempotencyKey === idempotencyKey);
      const session = existing ?? { id, params, idempotencyKey };
      if (!existing) this.sessions.push(session);
      return sendJson(response, 200, {
        id: session.id,
        object: 'checkout.session',
        mode: params.get('mode'),
        url: `${this.url}/checkout/${session.id}`,
        status: 'open',
        metadata: {},
      });
    }
    sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path})`,
      },
    });
  }

  static randomSecret(): string {
    return `sk_test_${randomBytes(12).toString('hex')}`;
  }
}

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

/** A minimal Stripe event envelope around `object` (the fields the app reads, in Stripe's shape). */
export function stripeEvent(type: string, object: object, id = `evt_test_${randomBytes(8).toString('hex')}`) {
  eventCounter += 1;
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000) + eventCounter,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export function completedSession(parts: {
  sessionId: string;
  intentId: string;
  customer: string;
  subscription: string;
}) {
  return {
    id: parts.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: parts.customer,
    subscription: parts.subscription,
    metadata: { intent_id: parts.intentId, language: 'nl' },
  };
}

export function invoice(parts: {
  id: string;
  subscription: string;
  amount: number;
  intentId?: string;
  status?: 'paid' | 'open';
}) {
  return {
    id: parts.id,
    object: 'invoice',
    currency: 'eur',
    amount_due: parts.amount,
    amount_paid: parts.status === 'open' ? 0 : parts.amount,
    status: parts.status ?? 'paid',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: parts.subscription,
        metadata: parts.intentId ? { intent_id: parts.intentId } : {},
      },
    },
  };
}
