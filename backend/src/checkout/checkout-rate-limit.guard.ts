import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, normalizeIp, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

const WINDOW_MS = 60_000;

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
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const ip = normalizeIp(request.ip ?? 'unknown');
    const limit = this.config.checkoutRateLimitPerMinute;
    const record = await this.storage.increment(`checkout:${ip}`, WINDOW_MS, limit, WINDOW_MS, 'checkout');
    if (record.isBlocked) {
      if (record.totalHits === limit + 1) this.logger.warn({ limit }, 'checkout rate limit reached for an address');
      throw new ThrottlerException();
    }
    return true;
  }
}
