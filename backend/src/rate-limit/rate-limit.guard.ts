import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TooManyRequestsError } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { routeLabel } from '../metrics/http-metrics';
import { MetricsService } from '../metrics/metrics.service';
import { APP_CONFIG } from '../config/config.module';
import { addressKey } from './address-key';
import { SlidingWindowRateLimitStorage } from './rate-limit.storage';

/** Every limit counts per client address and minute; a refused client hears 429 with `Retry-After: 60`. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

const ROUTE_LIMIT = 'rate-limit:post-per-minute';

/** This route's POST limit instead of RATE_LIMIT_POST_PER_MINUTE; `false` for none. */
export const PostRateLimit = (perMinute: number | false) => SetMetadata(ROUTE_LIMIT, perMinute);

/** The address a client is counted by (IPv6 by its /64, which one household or server usually holds). */
export function clientAddress(request: Request): string {
  return addressKey(request.ip ?? 'unknown');
}

/**
 * docs/product.md §9.5, docs/architecture.md §9.4: a per-address limit on every POST, one budget per route (pages, assets and health, all GETs,
 * are not limited). Global, and before validation, so a flood of bad requests counts too. Synchronous and with each
 * route's key and limit looked up once, because it runs for every form.
 */
@Injectable()
export class PostRateLimitGuard implements CanActivate {
  private readonly routes = new WeakMap<object, { key: string; limit: number | false }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
    private readonly storage: SlidingWindowRateLimitStorage,
    private readonly metrics: MetricsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method !== 'POST') return true;
    const { key, limit } = this.route(context);
    if (limit === false) return true;
    if (this.storage.hit(`${key}:${clientAddress(request)}`, limit, RATE_LIMIT_WINDOW_MS).isBlocked) {
      this.metrics.rateLimitRefused(routeLabel(request, 429), 'post');
      throw new TooManyRequestsError();
    }
    return true;
  }

  private route(context: ExecutionContext): { key: string; limit: number | false } {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const limit = this.reflector.getAllAndOverride<number | false | undefined>(ROUTE_LIMIT, [
        handler,
        context.getClass(),
      ]);
      route = { key: `${context.getClass().name}.${handler.name}`, limit: limit ?? this.config.postRateLimitPerMinute };
      this.routes.set(handler, route);
    }
    return route;
  }
}
