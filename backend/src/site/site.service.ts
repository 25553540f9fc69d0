import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import {
  ALL_PAGES,
  BASE_URL_TOKEN,
  FOUNDATION,
  LANGUAGES,
  type Language,
  PAGE_IDS,
  PRIVACY_REDIRECT_PATH,
  ROUTES,
  TURNSTILE_SITE_KEY_TOKEN,
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

export type ErrorStatus = 403 | 404 | 500;

interface Prepared {
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  type: string;
}

/** A page or file answered from memory, precompressed once at startup. */
function prepare(content: string, type: string): Prepared {
  const raw = Buffer.from(content, 'utf8');
  return {
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    brotli: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    type,
  };
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

const ERROR_TITLES: Record<ErrorStatus, Record<Language, string>> = {
  403: { nl: 'Toegang Geweigerd', en: 'Access Denied', es: 'Acceso Denegado' },
  404: { nl: 'Pagina niet gevonden', en: 'Page not found', es: 'Página no encontrada' },
  500: { nl: 'Server Fout', en: 'Server Error', es: 'Error del Servidor' },
};

/**
 * Serves the prerendered site (frontend/build) with the contract's status codes: 200 for the 39 pages,
 * 403/404/500 for the error paths, 404 for anything unknown; plus sitemap.xml, robots.txt and /privacy.
 */
@Injectable()
export class SiteService {
  private readonly logger = new Logger(SiteService.name);
  private readonly pages = new Map<string, Prepared>();
  private readonly errorPages = new Map<string, Prepared>();
  private readonly files = new Map<string, Prepared>();
  readonly hasBuild: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.hasBuild = existsSync(join(config.staticDir, 'index.html'));
    if (!this.hasBuild)
      this.logger.warn(`No prerendered site in ${config.staticDir}; serving minimal pages (run npm run build)`);
    for (const { path } of ALL_PAGES) {
      this.pages.set(
        path,
        prepare(
          this.readHtml(path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, path),
          'text/html; charset=utf-8',
        ),
      );
    }
    for (const language of LANGUAGES) {
      for (const status of [403, 404, 500] as const) {
        const file = `${language === 'nl' ? '' : `${language}/`}${status}.html`;
        this.errorPages.set(
          `${language}:${status}`,
          prepare(this.readHtml(file, undefined, status, language), 'text/html; charset=utf-8'),
        );
      }
    }
    this.files.set('/sitemap.xml', prepare(this.sitemap(), 'application/xml; charset=utf-8'));
    this.files.set(
      '/robots.txt',
      prepare(
        `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${config.publicBaseUrl}/sitemap.xml\n`,
        'text/plain; charset=utf-8',
      ),
    );
  }

  /** Handles a GET/HEAD page request; returns false when the path is not a page (assets, API routes). */
  handle(request: Request, response: Response): boolean {
    const path = request.path.length > 1 ? withoutTrailingSlashes(request.path) : request.path;
    if (mayRedirectOnFirstLoad(path) && this.redirectFirstLoad(request, response, path)) return true;
    const page = this.pages.get(path);
    if (page) return this.send(request, response, 200, page);
    const file = this.files.get(path);
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
   * (see firstLoadRedirectTarget). The answer for such a path varies with both headers, and is never shared.
   */
  private redirectFirstLoad(request: Request, response: Response, path: string): boolean {
    response.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie');
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
    this.send(request, response, page === 500 ? 500 : status, this.errorPages.get(`${language}:${page}`)!);
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
    let payload = body.raw;
    if (/\bbr\b/.test(accepted)) {
      response.setHeader('Content-Encoding', 'br');
      payload = body.brotli;
    } else if (/\bgzip\b/.test(accepted)) {
      response.setHeader('Content-Encoding', 'gzip');
      payload = body.gzip;
    }
    response.setHeader('Content-Length', payload.length);
    response.end(request.method === 'HEAD' ? undefined : payload);
    return true;
  }

  private readHtml(file: string, path?: string, status?: ErrorStatus, language?: Language): string {
    const full = join(this.config.staticDir, file);
    const html = existsSync(full) ? readFileSync(full, 'utf8') : this.minimalPage(path, status, language);
    return html
      .replaceAll(BASE_URL_TOKEN, this.config.publicBaseUrl)
      .replaceAll(TURNSTILE_SITE_KEY_TOKEN, this.config.turnstileSiteKey);
  }

  /** Used only when the frontend has not been built (backend-only development and tests). */
  private minimalPage(path = '/', status?: ErrorStatus, language: Language = languageFromPath(path)): string {
    const title = status ? ERROR_TITLES[status][language] : FOUNDATION.name;
    return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;
  }

  private sitemap(): string {
    const base = this.config.publicBaseUrl;
    const entries = PAGE_IDS.flatMap((page) =>
      LANGUAGES.map((language) => {
        const alternates = LANGUAGES.map(
          (other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${base}${ROUTES[page][other]}"/>`,
        );
        alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${base}${ROUTES[page].nl}"/>`);
        return `  <url>\n    <loc>${base}${ROUTES[page][language]}</loc>\n${alternates.join('\n')}\n  </url>`;
      }),
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  }
}
