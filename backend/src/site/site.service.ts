import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  FOUNDATION,
  PRIVACY_REDIRECT_PATH,
  errorStatusFor,
  firstLoadRedirectTarget,
  languageChoiceFromCookies,
  languageFromPath,
  mayRedirectOnFirstLoad,
  preferredLocale,
  withoutTrailingSlashes,
} from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import {
  encode,
  type Encoding,
  errorKey,
  type ErrorStatus,
  fileKey,
  hasPrerenderedSite,
  pageKey,
  readPrecompressed,
  siteEntries,
  type SiteEntry,
} from './site-pages';

export type { ErrorStatus } from './site-pages';

/** An answer held in memory: its raw bytes, and each encoding once made (at build time, or at its first request). */
interface Prepared extends SiteEntry {
  encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>>;
}

/** False for a path with malformed percent-encoding ("/%ff"): it cannot name any page. */
function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Serves the prerendered site (frontend/build) with the contract's status codes: 200 for the 51 pages,
 * 403/404/500 for the error paths, 404 for anything unknown; plus sitemap.xml, robots.txt and /privacy.
 *
 * Every answer is held in memory with PUBLIC_BASE_URL and the Turnstile site key written in. Its brotli and gzip
 * encodings come from the build when it made them for these two values (site-pages.ts, docs/architecture.md §9.10);
 * otherwise each is made once, off the event loop, when it is first asked for. Nothing is compressed at start.
 */
@Injectable()
export class SiteService {
  private readonly logger = new Logger(SiteService.name);
  private readonly answers = new Map<string, Prepared>();
  readonly hasBuild: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const values = {
      staticDir: config.site.staticDir,
      publicBaseUrl: config.site.publicBaseUrl,
      turnstileSiteKey: config.turnstile.siteKey,
    };
    this.hasBuild = hasPrerenderedSite(values);
    if (!this.hasBuild)
      this.logger.warn(`No prerendered site in ${config.site.staticDir}; serving minimal pages (run npm run build)`);
    const entries = siteEntries(values);
    const precompressed = this.hasBuild ? readPrecompressed(values, entries) : { reason: 'no prerendered site' };
    const built = 'encoded' in precompressed ? precompressed.encoded : new Map<string, Record<Encoding, Buffer>>();
    for (const entry of entries) this.answers.set(entry.key, { ...entry, encoded: { ...built.get(entry.key) } });
    if ('reason' in precompressed || built.size < entries.length) {
      const reason = 'reason' in precompressed ? precompressed.reason : `${built.size} of ${entries.length} made`;
      this.logger.log(`Pages are compressed on their first request: ${reason}`);
    }
  }

  /** Handles a GET/HEAD page request; returns false when the path is not a page (assets, API routes). */
  handle(request: Request, response: Response): boolean {
    const path = request.path.length > 1 ? withoutTrailingSlashes(request.path) : request.path;
    if (mayRedirectOnFirstLoad(path) && this.redirectFirstLoad(request, response, path)) return true;
    const page = this.answers.get(pageKey(path));
    if (page) return this.send(request, response, 200, page);
    const file = this.answers.get(fileKey(path));
    if (file) return this.send(request, response, 200, file, 'public, max-age=3600');
    if (path === PRIVACY_REDIRECT_PATH) {
      response.redirect(302, FOUNDATION.documents.privacy.nl);
      return true;
    }
    const status = errorStatusFor(path) ?? (isDecodable(path) ? undefined : 404);
    if (status) {
      this.sendErrorPage(request, response, status);
      return true;
    }
    return false;
  }

  /**
   * The first-load language redirect, decided from the request: "/" (or the unprefixed slug of an English or Spanish
   * page) with an English or Spanish browser language and no explicit choice in this session goes to /en or /es
   * (see firstLoadRedirectTarget). A navigation from one of the site's own pages (the browser's Sec-Fetch-Site
   * header says same-origin) is not a first load: the only link within the site to "/" from another language is the
   * switcher's NL, which must not bounce back when it is followed before the page's script has recorded the choice,
   * or in a browser without scripts. The answer for such a path varies with these headers, and is never shared.
   */
  private redirectFirstLoad(request: Request, response: Response, path: string): boolean {
    response.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie, Sec-Fetch-Site');
    if (request.get('sec-fetch-site') === 'same-origin') return false;
    const target = firstLoadRedirectTarget(
      path,
      preferredLocale(request.get('accept-language')),
      languageChoiceFromCookies(request.get('cookie')),
    );
    if (!target) return false;
    const query = request.originalUrl.indexOf('?');
    response.setHeader('Cache-Control', 'private, no-cache');
    response.redirect(302, query === -1 ? target : `${target}${request.originalUrl.slice(query)}`);
    return true;
  }

  /**
   * The error page in the path's language: the 403 page for 403, the 404 page for any other client error (a 414,
   * say) with that status, the 500 page with status 500 for the rest.
   */
  sendErrorPage(request: Request, response: Response, status: number): void {
    const page: ErrorStatus = status === 403 ? 403 : status >= 400 && status < 500 ? 404 : 500;
    const language = languageFromPath(request.path);
    this.send(request, response, page === 500 ? 500 : status, this.answers.get(errorKey(language, page))!);
  }

  private send(request: Request, response: Response, status: number, body: Prepared, cache = 'no-cache'): true {
    response.status(status);
    response.setHeader('Content-Type', body.type);
    response.setHeader('Cache-Control', status === 200 ? cache : 'no-store');
    if (!response.hasHeader('Vary')) response.setHeader('Vary', 'Accept-Encoding'); // "/" also varies by language
    response.setHeader('ETag', body.etag);
    if (status === 200 && request.headers['if-none-match'] === body.etag) {
      response.status(304).end();
      return true;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding: Encoding | undefined = /\bbr\b/.test(accepted)
      ? 'br'
      : /\bgzip\b/.test(accepted)
        ? 'gzip'
        : undefined;
    if (!encoding) {
      this.write(request, response, body.raw);
      return true;
    }
    response.setHeader('Content-Encoding', encoding);
    const encoded = (body.encoded[encoding] ??= encode[encoding](body.raw).then((bytes) => {
      body.encoded[encoding] = bytes;
      return bytes;
    }));
    if (Buffer.isBuffer(encoded)) this.write(request, response, encoded);
    else
      encoded.then(
        (bytes) => this.write(request, response, bytes),
        (error: Error) => {
          this.logger.error({ err: error }, 'compressing a page failed');
          delete body.encoded[encoding];
          response.destroy(error);
        },
      );
    return true;
  }

  private write(request: Request, response: Response, payload: Buffer): void {
    response.setHeader('Content-Length', payload.length);
    response.end(request.method === 'HEAD' ? undefined : payload);
  }
}
