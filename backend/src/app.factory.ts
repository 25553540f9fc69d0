import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PAGE_BOOT_SCRIPT } from '@stichting/contracts';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { isApiPath } from './common/api-path';
import { sameSiteJsonOnly } from './common/same-site-json.middleware';
import { LimitedExpressAdapter, refuseLongPaths } from './common/http-limits';
import { refuseUnusableJson, withBody } from './common/json-body';
import { createAccessLog } from './common/logging';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { httpMetricsMiddleware } from './metrics/http-metrics';
import { MetricsService } from './metrics/metrics.service';
import { buildFilePaths } from './site/build-files';
import { siteMiddleware } from './site/site.middleware';
import { SiteService } from './site/site.service';

/**
 * The one inline script of the pages, allowed by its hash (contracts/src/page-boot.ts): it starts the page's
 * JavaScript after the first paint (docs/architecture.md §3.2).
 */
const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/** Exactly what the site needs: itself, its boot script, Cloudflare Turnstile and Stripe.js. */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", PAGE_BOOT_SCRIPT_HASH, 'https://challenges.cloudflare.com', 'https://js.stripe.com'],
  frameSrc: ['https://challenges.cloudflare.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ["'self'", 'https://challenges.cloudflare.com', 'https://api.stripe.com', 'https://m.stripe.network'],
  imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Powerful browser features no page of the site uses, denied to the pages and anything they embed. Payment
 * included: a donation is paid on Stripe's own Checkout page (a redirect), and Stripe.js on the donate page only
 * collects fraud signals there.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** JSON bodies above this are refused with 413 (forms are small; a 5,000-character message fits easily). */
const JSON_BODY_LIMIT = '16kb';

/** Judged by its Stripe signature alone (raw body), not by the browser checks of the other POST endpoints. */
const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const accessLog = createAccessLog(config);
  const server = express();
  // Paths match exactly as written: /API/send-email is not the API. Express's router takes this setting when it is
  // created, before Nest adds anything to it.
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, accessLog),
    new LimitedExpressAdapter(config.http, server),
    { bodyParser: false, bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.site.trustProxy);
  app.disable('x-powered-by');
  // Pages carry their own precomputed ETag (SiteService); hashing every JSON answer of the API buys nothing.
  app.set('etag', false);
  // Every request, however it is answered, leaves one access-log line (and, with metrics on, one observation).
  app.use(accessLog);
  if (config.metrics.port !== undefined) app.use(httpMetricsMiddleware(app.get(MetricsService)));
  const security = {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.nodeEnv === 'production' ? undefined : false,
    // The same as CSP frame-ancestors 'none', for browsers that only know this header.
    xFrameOptions: { action: 'deny' },
    // Headers for Internet Explorer's download dialog, its XSS filter and Flash's cross-domain policy: no browser the
    // site supports reads them, and every page's first response must fit one round trip (docs/benchmarks.md §2.4).
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
  } as const;
  const pageHeaders = helmet(security);
  // JSON answers get the headers that mean something for them (CSP, HSTS, nosniff, frame, referrer and resource
  // policy); the rest only concern documents (opener policy, agent cluster, DNS prefetch).
  const apiHeaders = helmet({
    ...security,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
  });
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (isApiPath(request.path)) return apiHeaders(request, response, next);
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    pageHeaders(request, response, next);
  });
  // Before anything else looks at the path: one long path must not cost more than a short one.
  app.use(refuseLongPaths);
  // Forms, checkout and error reports: JSON from the site's own pages (or from no browser) only, before any parsing.
  app.use(sameSiteJsonOnly(config.site.publicBaseUrl, [STRIPE_WEBHOOK_PATH]));
  // Stripe signs the exact bytes: the webhook gets the raw body, everything else parsed JSON. Bodies of GET and
  // HEAD are not read at all.
  app.use(STRIPE_WEBHOOK_PATH, withBody(express.raw({ type: '*/*', limit: '256kb' })));
  // Crash reports may carry long stacks: accepted up to 128 KB and truncated by the DTO, not refused.
  app.use('/api/report-error', withBody(express.json({ limit: '128kb' })));
  app.use(withBody(express.json({ limit: JSON_BODY_LIMIT })));
  app.use(refuseUnusableJson);
  // Pages and assets only: API answers are small JSON (under the threshold), so compression there is pure cost.
  const compress = compression({ threshold: 1024 });
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    isApiPath(request.path) ? next() : compress(request, response, next),
  );
  const assets = express.static(config.site.staticDir, { index: false, redirect: false, maxAge: '1d' });
  const hashedAssets = express.static(join(config.site.staticDir, 'assets'), {
    index: false,
    redirect: false,
    immutable: true,
    maxAge: '1y',
  });
  app.use('/assets', hashedAssets);
  // Non-HTML files of the build (favicon, images); pages themselves are served by SiteService with their status.
  const buildFiles = buildFilePaths(config.site.staticDir);
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) => {
    if (buildFiles.has(request.path)) assets(request, response, next);
    else next();
  });
  app.use(siteMiddleware(app.get(SiteService)));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(app.get(SiteService)));
  app.enableShutdownHooks();
  return app;
}
