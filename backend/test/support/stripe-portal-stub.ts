import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type StubRequest } from './http-stub';

export interface CreatedPortalSession {
  id: string;
  params: URLSearchParams;
}

/**
 * The customer-portal part of the Stripe stand-in (composed into StripeStub): `POST /v1/billing_portal/sessions`
 * answers a `billing_portal.session` shaped after Stripe's API reference, whose `url` is a page served here
 * (`GET /portal/<id>`). `unavailable` answers like a Stripe outage (500 api_error), `rateLimited` like Stripe's rate
 * limit (429, code `rate_limit`).
 */
export class StripePortalStub {
  readonly sessions: CreatedPortalSession[] = [];
  unavailable = false;
  rateLimited = false;

  /** The portal page itself: the donor's browser opens it without a key. */
  servePage(request: StubRequest, response: ServerResponse): boolean {
    const match = /^\/portal\/(bps_\w+)$/.exec(request.path);
    const session = match && this.sessions.find((s) => s.id === match[1]);
    if (request.method !== 'GET' || !session) return false;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="${session.params.get('locale') ?? 'en'}"><title>Stripe customer portal (test stub)</title>` +
        `<h1>Stripe customer portal (test stub)</h1><a href="${session.params.get('return_url') ?? ''}">Return</a></html>`,
    );
    return true;
  }

  /** The API call, after the stand-in has checked the key. */
  handle(request: StubRequest, response: ServerResponse, baseUrl: string): boolean {
    if (request.method !== 'POST' || request.path !== '/v1/billing_portal/sessions') return false;
    if (this.rateLimited) {
      sendJson(response, 429, {
        error: {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message:
            'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        },
      });
      return true;
    }
    if (this.unavailable) {
      sendJson(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return true;
    }
    const params = new URLSearchParams(request.body);
    const customer = params.get('customer') ?? '';
    if (!customer.startsWith('cus_')) {
      sendJson(response, 400, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'` },
      });
      return true;
    }
    const session = { id: `bps_${randomBytes(12).toString('hex')}`, params };
    this.sessions.push(session);
    sendJson(response, 200, {
      id: session.id,
      object: 'billing_portal.session',
      configuration: params.get('configuration') ?? 'bpc_test_default',
      created: Math.floor(Date.now() / 1000),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: params.get('locale'),
      on_behalf_of: null,
      return_url: params.get('return_url'),
      url: `${baseUrl}/portal/${session.id}`,
    });
    return true;
  }
}
