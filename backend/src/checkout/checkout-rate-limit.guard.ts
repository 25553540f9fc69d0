import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequestsError } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { routeLabel } from '../metrics/http-metrics';
import { MetricsService } from '../metrics/metrics.service';
import { clientAddress, RATE_LIMIT_WINDOW_MS } from '../rate-limit/rate-limit.guard';
import { SlidingWindowRateLimitStorage } from '../rate-limit/rate-limit.storage';

/**
 * Card-testing defence: far fewer checkout sessions per IP than the general POST limit allows
 * (CHECKOUT_RATE_LIMIT_PER_MINUTE, in this instance's memory). Over the limit: 429 until the minute has passed.
 * Runs before validation, so a flood of bad requests counts too.
 */
@Injectable()
export class CheckoutRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(CheckoutRateLimitGuard.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: SlidingWindowRateLimitStorage,
    private readonly metrics: MetricsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const limit = this.config.checkoutRateLimitPerMinute;
    const record = this.storage.hit(`checkout:${clientAddress(request)}`, limit, RATE_LIMIT_WINDOW_MS);
    if (record.isBlocked) {
      if (record.totalHits === limit + 1) this.logger.warn({ limit }, 'checkout rate limit reached for an address');
      this.metrics.rateLimitRefused(routeLabel(request, 429), 'checkout');
      throw new TooManyRequestsError();
    }
    return true;
  }
}
