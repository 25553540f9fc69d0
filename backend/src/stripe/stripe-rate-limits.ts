import type Stripe from 'stripe';
import type { MetricsService } from '../metrics/metrics.service';

interface ResponseEmitter {
  on(event: 'response', handler: (event: Stripe.ResponseEvent) => void): void;
}

/**
 * Counts every 429 Stripe answers this client with (its account-wide rate limit, which checkout and the donors' portal
 * share), through the client's documented `response` event. Without metrics (a staff command) nothing is counted.
 */
export function countStripeRateLimits(stripe: Stripe, metrics: MetricsService | undefined): void {
  if (!metrics) return;
  // The SDK's type declarations give `on` no signature; its README documents `on('response', handler)`.
  const emitter = stripe as unknown as ResponseEmitter;
  emitter.on('response', (event) => {
    if (event.status === 429) metrics.stripeRateLimited(event.path);
  });
}
