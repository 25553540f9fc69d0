import { HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';
import { isApiPath } from './api-path';

/** Sec-Fetch-Site values that mean another site's page sent the request (another subdomain is another site too). */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/**
 * The browser-facing POST endpoints (forms, checkout, error reports) take JSON from the site's own pages only.
 * A page on another site can make a visitor's browser POST to us without asking first only with a "simple"
 * content type (text/plain, form-urlencoded, multipart, or none); JSON needs a CORS preflight, which this server
 * never grants. So a POST under /api is refused
 * - with 403 when its Origin is not PUBLIC_BASE_URL's origin, or its Sec-Fetch-Site is cross-site or same-site;
 * - with 415 when its Content-Type is not application/json (a charset parameter is fine).
 * Requests with neither header (curl, servers) are judged by their content type alone. Registered before the body
 * parsers, so a refused body is never read. `exceptPaths` (the Stripe webhook) are left to their own check.
 */
/**
 * The path without its trailing slashes, keeping its first character (`/` stays `/`). A scan from the end, so a long
 * run of slashes costs time linear in its length: a pattern like /(.)\/+$/ would try every run from every start.
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  return end === path.length ? path : path.slice(0, end);
}

export function sameSiteJsonOnly(publicBaseUrl: string, exceptPaths: readonly string[]) {
  const siteOrigin = new URL(publicBaseUrl).origin;
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (request.method !== 'POST') return next();
    // The router ignores case and a trailing slash: so must this check, or /API/send-email would slip past.
    const path = withoutTrailingSlashes(request.path.toLowerCase());
    if (!isApiPath(path) || exceptPaths.includes(path)) return next();
    const origin = request.get('origin');
    const fetchSite = request.get('sec-fetch-site');
    if ((origin !== undefined && origin !== siteOrigin) || (fetchSite && FOREIGN_FETCH_SITES.has(fetchSite))) {
      return next(new ApiError(HttpStatus.FORBIDDEN, 'Requests from other sites are not accepted.'));
    }
    const mediaType = request.get('content-type')?.split(';', 1)[0].trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return next(new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Unsupported content type; send JSON.'));
    }
    next();
  };
}
