import { Injectable } from '@nestjs/common';
import { MetricsService, type RateLimitMetricName } from '../metrics/metrics.service';
import { type RateLimitHit, RateLimitStore } from './rate-limit.storage';

/** Every limit counts per client address and minute (the stores' window); a refused client hears 429 with `Retry-After: 60`. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * The per-address limits (docs/product.md §9.5, docs/architecture.md §9.4): one budget per limit, route and address,
 * counted in the configured store (RATE_LIMIT_STORE); each refusal is counted in the metrics.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly metrics: MetricsService,
  ) {}

  /** One hit of `address` on `route` under `limit` per minute; `route` is the route pattern (`/api/send-email`). */
  async hit(name: RateLimitMetricName, route: string, address: string, limit: number): Promise<RateLimitHit> {
    const result = await this.store.hit(`${name}:${route}:${address}`, limit);
    if (result.isBlocked) this.metrics.rateLimitRefused(route, name);
    return result;
  }
}
