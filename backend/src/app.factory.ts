import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { isApiPath } from './common/api-path';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { siteMiddleware } from './site/site.middleware';
import { SiteService } from './site/site.service';

/** Exactly what the site needs: itself, Cloudflare Turnstile and Stripe.js. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://challenges.cloudflare.com', 'https://js.stripe.com'],
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

/** JSON bodies above this are refused with 413 (forms are small; a 5,000-character message fits easily). */
export const JSON_BODY_LIMIT = '16kb';

export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Pages carry their own precomputed ETag (SiteService); hashing every JSON answer of the API buys nothing.
  app.set('etag', false);
  const security = {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.nodeEnv === 'production' ? undefined : false,
  } as const;
  const pageHeaders = helmet(security);
  // JSON answers get the headers that mean something for them (CSP, HSTS, nosniff, frame, referrer and resource
  // policy); the rest only concern documents (opener policy, agent cluster, DNS prefetch, old IE and Flash).
  const apiHeaders = helmet({
    ...security,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    (isApiPath(request.path) ? apiHeaders : pageHeaders)(request, response, next),
  );
  // Stripe signs the exact bytes: the webhook gets the raw body, everything else parsed JSON.
  app.use('/api/stripe/webhook', express.raw({ type: '*/*', limit: '256kb' }));
  // Crash reports may carry long stacks: accepted up to 128 KB and truncated by the DTO, not refused.
  app.use('/api/report-error', express.json({ limit: '128kb', type: ['application/json', 'text/plain'] }));
  app.use(express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json', 'text/plain'] }));
  // Pages and assets only: API answers are small JSON (under the threshold), so compression there is pure cost.
  const compress = compression({ threshold: 1024 });
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    isApiPath(request.path) ? next() : compress(request, response, next),
  );
  const assets = express.static(config.staticDir, { index: false, redirect: false, maxAge: '1d' });
  const hashedAssets = express.static(join(config.staticDir, 'assets'), {
    index: false,
    redirect: false,
    immutable: true,
    maxAge: '1y',
  });
  app.use('/assets', hashedAssets);
  // Non-HTML files of the build (favicon, images); pages themselves are served by SiteService with their status.
  app.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    /\.html?$/i.test(request.path) || isApiPath(request.path) ? next() : assets(request, response, next),
  );
  app.use(siteMiddleware(app.get(SiteService)));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(app.get(SiteService)));
  app.enableShutdownHooks();
  return app;
}
