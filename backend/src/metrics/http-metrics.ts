import type { NextFunction, Request, Response } from 'express';
import { ALL_PAGES, errorStatusFor, PRIVACY_REDIRECT_PATH, withoutTrailingSlashes } from '@stichting/contracts';
import { isApiPath } from '../common/api-path';
import type { MetricsService } from './metrics.service';

const PAGE_BY_PATH = new Map(ALL_PAGES.map(({ path, page }) => [path, `page:${page}`]));
const SITE_FILES = new Set(['/sitemap.xml', '/robots.txt', PRIVACY_REDIRECT_PATH]);
const METHODS = new Set(['GET', 'HEAD', 'POST']);

/** The path of the URL the client asked for (Express rewrites `req.url` inside mounted middleware). */
function requestedPath(request: Request): string {
  const url = request.originalUrl;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 1 ? withoutTrailingSlashes(path) : path;
}

/**
 * The `route` label of a request: never its raw path, so the number of label values stays small whatever clients
 * ask for. The route pattern Nest matched (`/api/send-email`, `/readyz`); a page by its id in the route table
 * (`page:donate`, all languages together); `/assets`, the site's own files, `static` for other build files,
 * `error-page` for the error paths; `api-unmatched` and `unmatched` for everything else, including requests
 * answered before routing (a 413, a cross-site 403, a 414).
 */
export function routeLabel(request: Request, status: number): string {
  const matched = (request.route as { path?: unknown } | undefined)?.path;
  // A wildcard is no route of ours: Nest answers unknown paths through a catch-all (`{/*splat}`).
  if (typeof matched === 'string' && !matched.includes('*')) return matched;
  const path = requestedPath(request);
  if (isApiPath(path)) return 'api-unmatched';
  const page = PAGE_BY_PATH.get(path);
  if (page) return page;
  if (path.startsWith('/assets/')) return '/assets';
  if (SITE_FILES.has(path)) return path;
  if (errorStatusFor(path)) return 'error-page';
  // Favicons and images of the build are answered by the static middleware; an unknown path gets the 404 page.
  if (status < 400 && (request.method === 'GET' || request.method === 'HEAD')) return 'static';
  return 'unmatched';
}

/** Times every request from its arrival to the end of its answer, under its route label (routeLabel). */
export function httpMetricsMiddleware(metrics: MetricsService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = METHODS.has(request.method) ? request.method : 'other';
      metrics.observeRequest(routeLabel(request, response.statusCode), method, response.statusCode, seconds);
    });
    next();
  };
}
