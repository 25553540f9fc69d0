import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequestsError } from '../../common/api-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { clientAddress, limitedRoute } from '../../rate-limit/rate-limit.guard';
import { RateLimiter } from '../../rate-limit/rate-limiter';

/**
 * Card-testing defence: far fewer checkout sessions per IP than the general POST limit allows
 * (CHECKOUT_RATE_LIMIT_PER_MINUTE, over every instance). Over the limit: 429 until the minute has passed.
 * Runs before validation, so a flood of bad requests counts too.
 */
@Injectable()
export class CheckoutRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(CheckoutRateLimitGuard.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const limit = this.config.limits.checkoutPerMinute;
    const record = await this.limiter.hit('checkout', limitedRoute(request), clientAddress(request), limit);
    if (record.isBlocked) {
      if (record.refusals === 1) this.logger.warn({ limit }, 'checkout rate limit reached for an address');
      throw new TooManyRequestsError();
    }
    return true;
  }
}
