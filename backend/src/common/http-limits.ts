import { HttpStatus } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { createServer } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { ApiError } from './api-error';

/**
 * The longest request path served. Every page path is under 40 characters; anything far longer is a probe, and
 * refusing it before any per-path work bounds what one request can cost.
 */
export const MAX_PATH_LENGTH = 2048;

/**
 * Answers 414 for a path over MAX_PATH_LENGTH (the query string is not counted): the JSON error under /api, the
 * 404 page with status 414 elsewhere (ApiExceptionFilter). Mounted before anything that looks at the path.
 */
export function refuseLongPaths(request: Request, _response: Response, next: NextFunction): void {
  const query = request.url.indexOf('?');
  const pathLength = query === -1 ? request.url.length : query;
  if (pathLength > MAX_PATH_LENGTH) next(new ApiError(HttpStatus.URI_TOO_LONG, 'The address is too long.'));
  else next();
}

/** How often Node looks for connections past their header or request deadline (it defaults to every 30 s). */
const DEADLINE_CHECK_INTERVAL_MS = 1000;

/**
 * Nest's Express adapter on a Node server built with the app's connection limits (AppConfig.http): deadlines for
 * a request's headers and for the whole request, the idle time of a kept-alive connection, and a cap on open
 * connections (above it, new ones are closed at once). Node takes the deadline check interval only as an option of
 * http.createServer, so the adapter builds the server itself. This app uses none of Nest's server options
 * (HTTPS, forced close of connections, 503 while closing).
 */
export class LimitedExpressAdapter extends ExpressAdapter {
  constructor(
    private readonly limits: AppConfig['http'],
    instance: Express,
  ) {
    super(instance);
  }

  override initHttpServer(): void {
    const server = createServer(
      {
        headersTimeout: this.limits.headersTimeoutMs,
        requestTimeout: this.limits.requestTimeoutMs,
        keepAliveTimeout: this.limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
      },
      this.getInstance<Express>(),
    );
    server.maxConnections = this.limits.maxConnections;
    this.setHttpServer(server);
  }
}
