import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import {
  ALL_PAGES,
  BASE_URL_TOKEN,
  FOUNDATION,
  LANGUAGES,
  type Language,
  PAGE_IDS,
  ROUTES,
  TURNSTILE_SITE_KEY_TOKEN,
  UNLISTED_PAGES,
  languageFromPath,
} from '@stichting/contracts';

export type ErrorStatus = 403 | 404 | 500;
export type Encoding = 'br' | 'gzip';
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** What the pages depend on besides the build: the two values written into them when they are served. */
export interface PageValues {
  /** The prerendered site (frontend/build). */
  staticDir: string;
  publicBaseUrl: string;
  turnstileSiteKey: string;
}

/** One answer the site serves from memory: a page, an error page, the sitemap or robots.txt. */
export interface SiteEntry {
  /** `page:/en/...`, `error:<language>:<status>` or `file:/sitemap.xml`. */
  key: string;
  raw: Buffer;
  type: string;
  /** Strong validator of the raw bytes; the same for every encoding of them. */
  etag: string;
}

const HTML = 'text/html; charset=utf-8';

export const pageKey = (path: string): string => `page:${path}`;
export const errorKey = (language: Language, status: ErrorStatus): string => `error:${language}:${status}`;
export const fileKey = (path: string): string => `file:${path}`;

const ERROR_TITLES: Record<ErrorStatus, Record<Language, string>> = {
  403: { nl: 'Toegang Geweigerd', en: 'Access Denied', es: 'Acceso Denegado' },
  404: { nl: 'Pagina niet gevonden', en: 'Page not found', es: 'Página no encontrada' },
  500: { nl: 'Server Fout', en: 'Server Error', es: 'Error del Servidor' },
};

function entry(key: string, content: string, type: string): SiteEntry {
  const raw = Buffer.from(content, 'utf8');
  return { key, raw, type, etag: `"${createHash('sha1').update(raw).digest('base64url')}"` };
}

/** Used only when the frontend has not been built (backend-only development and tests). */
function minimalPage(path = '/', status?: ErrorStatus, language: Language = languageFromPath(path)): string {
  const title = status ? ERROR_TITLES[status][language] : FOUNDATION.name;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;
}

/** docs/product.md §2.2: every page in every language, but for the pages only an email's link opens. */
function sitemap(base: string): string {
  const entries = PAGE_IDS.filter((page) => !UNLISTED_PAGES.has(page)).flatMap((page) =>
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

/** True when `values.staticDir` holds a prerendered site. */
export function hasPrerenderedSite(values: PageValues): boolean {
  return existsSync(join(values.staticDir, 'index.html'));
}

/**
 * Every answer of the site, with PUBLIC_BASE_URL and the Turnstile site key written into the prerendered HTML: the
 * 51 pages, the 403/404/500 pages in each language, sitemap.xml and robots.txt.
 */
export function siteEntries(values: PageValues): SiteEntry[] {
  const html = (file: string, path?: string, status?: ErrorStatus, language?: Language): string => {
    const full = join(values.staticDir, file);
    const template = existsSync(full) ? readFileSync(full, 'utf8') : minimalPage(path, status, language);
    return template
      .replaceAll(BASE_URL_TOKEN, values.publicBaseUrl)
      .replaceAll(TURNSTILE_SITE_KEY_TOKEN, values.turnstileSiteKey);
  };
  const entries = ALL_PAGES.map(({ path }) =>
    entry(pageKey(path), html(path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, path), HTML),
  );
  for (const language of LANGUAGES) {
    for (const status of [403, 404, 500] as const) {
      const file = `${language === 'nl' ? '' : `${language}/`}${status}.html`;
      entries.push(entry(errorKey(language, status), html(file, undefined, status, language), HTML));
    }
  }
  entries.push(entry(fileKey('/sitemap.xml'), sitemap(values.publicBaseUrl), 'application/xml; charset=utf-8'));
  entries.push(
    entry(
      fileKey('/robots.txt'),
      `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${values.publicBaseUrl}/sitemap.xml\n`,
      'text/plain; charset=utf-8',
    ),
  );
  return entries;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The strongest settings of each encoding: pages are compressed once and served many times. */
export const encode: Record<Encoding, (raw: Buffer) => Promise<Buffer>> = {
  br: (raw) => brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (raw) => gzipAsync(raw, { level: 9 }),
};

/**
 * Pages compressed at build time (`npm run build`, docs/architecture.md §9.10): a folder in the prerendered site
 * that the static file handler never serves (its name starts with a dot), holding each answer's encodings and a
 * manifest of the values they were made with.
 */
export const PRECOMPRESSED_DIR = '.precompressed';

interface Manifest {
  publicBaseUrl: string;
  turnstileSiteKey: string;
  /** Key -> ETag of the raw bytes that were compressed and the file name prefix of the encodings. */
  entries: Record<string, { etag: string; file: string }>;
}

/** Writes every answer's encodings for `values`, replacing what an earlier build left. */
export async function writePrecompressed(values: PageValues): Promise<{ entries: number; bytes: number }> {
  const dir = join(values.staticDir, PRECOMPRESSED_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const manifest: Manifest = {
    publicBaseUrl: values.publicBaseUrl,
    turnstileSiteKey: values.turnstileSiteKey,
    entries: {},
  };
  let bytes = 0;
  const entries = siteEntries(values);
  for (const [index, site] of entries.entries()) {
    const file = String(index);
    for (const encoding of ENCODINGS) {
      const encoded = await encode[encoding](site.raw);
      writeFileSync(join(dir, `${file}.${encoding}`), encoded);
      bytes += encoded.length;
    }
    manifest.entries[site.key] = { etag: site.etag, file };
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return { entries: entries.length, bytes };
}

/**
 * The build-time encodings of `entries`, or why they cannot be used: none were made, or they were made for another
 * PUBLIC_BASE_URL or site key. An entry whose raw bytes differ from what was compressed (its ETag) is left out.
 */
export function readPrecompressed(
  values: PageValues,
  entries: SiteEntry[],
): { encoded: Map<string, Record<Encoding, Buffer>> } | { reason: string } {
  const dir = join(values.staticDir, PRECOMPRESSED_DIR);
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return { reason: 'the build made none (no PUBLIC_BASE_URL and TURNSTILE_SITE_KEY)' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.publicBaseUrl !== values.publicBaseUrl) {
    return { reason: `the build made them for PUBLIC_BASE_URL=${manifest.publicBaseUrl}` };
  }
  if (manifest.turnstileSiteKey !== values.turnstileSiteKey) {
    return { reason: 'the build made them for another TURNSTILE_SITE_KEY' };
  }
  const encoded = new Map<string, Record<Encoding, Buffer>>();
  for (const site of entries) {
    const made = manifest.entries[site.key];
    if (made?.etag !== site.etag) continue;
    encoded.set(site.key, {
      br: readFileSync(join(dir, `${made.file}.br`)),
      gzip: readFileSync(join(dir, `${made.file}.gzip`)),
    });
  }
  return { encoded };
}
