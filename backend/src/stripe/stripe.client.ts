import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/**
 * The API version this code was written against. Pinned so a Stripe account upgrade cannot change the shapes we
 * send or read; it is the version stripe-node v23 types describe.
 */
const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;
/** A visitor waits for this call: fail after 10 s rather than Stripe's default 80 s. */
const STRIPE_TIMEOUT_MS = 10_000;
/** Seconds a webhook signature stays valid (Stripe's default tolerance; replayed old deliveries are refused). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The one place that talks to Stripe (docs/architecture.md §10.1: infrastructure behind small services). Tests point it at a
 * local Stripe-compatible server through STRIPE_API_URL; the code path stays the same.
 */
@Injectable()
export class StripeClient {
  private readonly stripe: Stripe;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.stripe = new Stripe(config.stripeSecretKey, {
      apiVersion: STRIPE_API_VERSION,
      // Safe to retry: every create call carries an idempotency key.
      maxNetworkRetries: 1,
      timeout: STRIPE_TIMEOUT_MS,
      telemetry: false,
      ...apiEndpoint(config.stripeApiUrl),
    });
  }

  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.create(params, { idempotencyKey });
  }

  /** Verifies `Stripe-Signature` over the exact bytes received; throws StripeSignatureVerificationError. */
  constructWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.stripeWebhookSecret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    );
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
