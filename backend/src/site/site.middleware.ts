import type { NextFunction, Request, Response } from 'express';
import type { SiteService } from './site.service';

/** Answers page requests before Nest's router; API calls and assets pass through. */
export function siteMiddleware(site: SiteService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path.startsWith('/assets/')) return next();
    if (!site.handle(request, response)) next();
  };
}
