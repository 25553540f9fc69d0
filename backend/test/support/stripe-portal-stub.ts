import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { sendJson, type StubRequest } from './http-stub';

export interface CreatedPortalSession {
  id: string;
  params: URLSearchParams;
}

/**
 * A customer-portal configuration in the pinned API version's shape, set up as docs/stripe-setup.md §5 asks: donors
 * cancel, update their payment method and see their invoices; no plan changes, pausing or email changes.
 * `overrides` replaces top-level fields (features as a whole: use `portalFeatures` to change one).
 */
export function portalConfiguration(
  overrides: Partial<Stripe.BillingPortal.Configuration> = {},
): Stripe.BillingPortal.Configuration {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `bpc_test_${randomBytes(8).toString('hex')}`,
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created: now,
    default_return_url: null,
    features: portalFeatures(),
    is_default: false,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: {},
    name: null,
    updated: now,
    ...overrides,
  };
}

/** The features of docs/stripe-setup.md §5, each part replaceable (e.g. `{ subscription_pause: { … enabled: true } }`). */
export function portalFeatures(
  overrides: Partial<Stripe.BillingPortal.Configuration.Features> = {},
): Stripe.BillingPortal.Configuration.Features {
  return {
    customer_update: { allowed_updates: ['address', 'name'], enabled: true },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true, payment_method_configuration: null },
    subscription_cancel: {
      cancellation_reason: { enabled: false, feedback_options: null, options: [] },
      enabled: true,
      mode: 'at_period_end',
      proration_behavior: 'none',
    },
    subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      products: [],
      proration_behavior: 'none',
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'end_trial',
    },
    ...overrides,
  };
}

/**
 * The customer-portal part of the Stripe stand-in (composed into StripeStub): `POST /v1/billing_portal/sessions`
 * answers a `billing_portal.session` shaped after Stripe's API reference, whose `url` is a page served here
 * (`GET /portal/<id>`). `unavailable` answers like a Stripe outage (500 api_error), `rateLimited` like Stripe's rate
 * limit (429, code `rate_limit`).
 *
 * `GET /v1/billing_portal/configurations` (with `is_default`, `active`, `limit`, `starting_after`) and
 * `GET /v1/billing_portal/configurations/:id` serve `configurations`: the account's default one, set up as
 * docs/stripe-setup.md §5 asks, unless a test changes, adds or removes one.
 */
export class StripePortalStub {
  readonly sessions: CreatedPortalSession[] = [];
  readonly configurations: Stripe.BillingPortal.Configuration[] = [
    portalConfiguration({ id: 'bpc_test_default', is_default: true }),
  ];
  unavailable = false;
  rateLimited = false;

  /** The configuration Stripe uses when a session names none (the one with `is_default`), if any. */
  get defaultConfiguration(): Stripe.BillingPortal.Configuration | undefined {
    return this.configurations.find((configuration) => configuration.is_default);
  }

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

  /** The API calls, after the stand-in has checked the key. */
  handle(request: StubRequest, response: ServerResponse, baseUrl: string): boolean {
    if (request.method === 'GET' && request.path.startsWith('/v1/billing_portal/configurations')) {
      this.readConfigurations(request, response);
      return true;
    }
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
      // A session limited to one flow (flow_data[type], e.g. payment_method_update) names it, as Stripe's does.
      flow: params.has('flow_data[type]')
        ? {
            type: params.get('flow_data[type]'),
            after_completion: {
              type: params.get('flow_data[after_completion][type]') ?? 'portal_homepage',
              hosted_confirmation: null,
              redirect: params.has('flow_data[after_completion][redirect][return_url]')
                ? { return_url: params.get('flow_data[after_completion][redirect][return_url]') }
                : null,
            },
            subscription_cancel: null,
            subscription_update: null,
            subscription_update_confirm: null,
          }
        : null,
      livemode: false,
      locale: params.get('locale'),
      on_behalf_of: null,
      return_url: params.get('return_url'),
      url: `${baseUrl}/portal/${session.id}`,
    });
    return true;
  }

  private readConfigurations(request: StubRequest, response: ServerResponse): void {
    const [path, query = ''] = request.path.split('?');
    const id = decodeURIComponent(path.slice('/v1/billing_portal/configurations/'.length));
    if (path !== '/v1/billing_portal/configurations') {
      const configuration = this.configurations.find((candidate) => candidate.id === id);
      if (configuration) return sendJson(response, 200, configuration);
      return sendJson(response, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'configuration',
          message: `No such configuration: '${id}'`,
        },
      });
    }
    const params = new URLSearchParams(query);
    const flag = (name: string) => (params.has(name) ? params.get(name) === 'true' : undefined);
    const [isDefault, active] = [flag('is_default'), flag('active')];
    // Stripe lists newest first.
    const data = [...this.configurations]
      .reverse()
      .filter(
        (c) => (isDefault === undefined || c.is_default === isDefault) && (active === undefined || c.active === active),
      );
    sendListPage(response, '/v1/billing_portal/configurations', data, params);
  }
}

/** One page of a Stripe list of `newestFirst`, as `limit` (10 unless given, at most 100) and `starting_after` ask. */
export function sendListPage(
  response: ServerResponse,
  url: string,
  newestFirst: readonly { id: string }[],
  params: URLSearchParams,
): void {
  const after = params.get('starting_after');
  const rest = after ? newestFirst.slice(newestFirst.findIndex((item) => item.id === after) + 1) : newestFirst;
  const limit = Math.min(Number(params.get('limit') ?? 10), 100);
  sendJson(response, 200, { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url });
}
