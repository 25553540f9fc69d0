import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TooManyRequestsError } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { routeLabel } from '../metrics/http-metrics';
import { addressKey } from './address-key';
import { RateLimiter } from './rate-limiter';

const ROUTE_LIMIT = 'rate-limit:post-per-minute';

/** This route's POST limit instead of RATE_LIMIT_POST_PER_MINUTE; `false` for none. */
export const PostRateLimit = (perMinute: number | false) => SetMetadata(ROUTE_LIMIT, perMinute);

/** The address a client is counted by (IPv6 by its /64, which one household or server usually holds). */
export function clientAddress(request: Request): string {
  return addressKey(request.ip ?? 'unknown');
}

/** The route a limit is counted on: the pattern the request matched (guards run after routing). */
export function limitedRoute(request: Request): string {
  return routeLabel(request, 0);
}

/**
 * docs/product.md §9.5, docs/architecture.md §9.4: a per-address limit on every POST, one budget per route (pages,
 * assets and health, all GETs, are not limited). Global, and before validation, so a flood of bad requests counts
 * too. Each route's limit is looked up once; the count is one statement in PostgreSQL (or one map lookup with
 * RATE_LIMIT_STORE=memory).
 */
@Injectable()
export class PostRateLimitGuard implements CanActivate {
  private readonly limits = new WeakMap<object, number | false>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method !== 'POST') return true;
    const limit = this.limit(context);
    if (limit === false) return true;
    if ((await this.limiter.hit('post', limitedRoute(request), clientAddress(request), limit)).isBlocked) {
      throw new TooManyRequestsError();
    }
    return true;
  }

  private limit(context: ExecutionContext): number | false {
    const handler = context.getHandler();
    let limit = this.limits.get(handler);
    if (limit === undefined) {
      limit =
        this.reflector.getAllAndOverride<number | false | undefined>(ROUTE_LIMIT, [handler, context.getClass()]) ??
        this.config.limits.postPerMinute;
      this.limits.set(handler, limit);
    }
    return limit;
  }
}
