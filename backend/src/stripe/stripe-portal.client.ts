import { Inject, Injectable, Optional } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsService } from '../metrics/metrics.service';
import { countStripeRateLimits } from './stripe-rate-limits';

/**
 * Stripe's customer portal for donors (docs/architecture.md §3.8): one call, `POST /v1/billing_portal/sessions`.
 * Kept beside StripeClient with the same pinned API version, timeout and test endpoint (STRIPE_API_URL); it can move
 * into StripeClient as one more method.
 */
@Injectable()
export class StripePortalClient {
  private readonly stripe: Stripe;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() metrics?: MetricsService) {
    const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : undefined;
    const protocol = api?.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(config.stripe.secretKey, {
      apiVersion: '2026-10-28.endive' satisfies Stripe.LatestApiVersion,
      maxNetworkRetries: 1,
      // The donor waits on this redirect: a slow Stripe gets the friendly "try again" page after 10 s.
      timeout: 10_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    });
    countStripeRateLimits(this.stripe, metrics);
  }

  createPortalSession(params: Stripe.BillingPortal.SessionCreateParams): Promise<Stripe.BillingPortal.Session> {
    return this.stripe.billingPortal.sessions.create(params);
  }
}
