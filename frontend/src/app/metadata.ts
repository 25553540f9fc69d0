import type { TFunction } from '../i18n/translate';
import { FOUNDATION, LANGUAGES, ROUTES, UNLISTED_PAGES, type Language } from '@stichting/contracts';
import type { RouteHandle } from '../components/route-handle';

/** A tag the head manager owns; rendered by the prerender step and replaced on client navigation. */
export interface HeadTag {
  tag: 'meta' | 'link';
  attributes: Record<string, string>;
}

export interface DocumentHead {
  language: Language;
  title: string;
  tags: HeadTag[];
}

/** The strings a head is made of: the site's name ('common'), and a page's ('pageMeta') or an error page's. */
export interface HeadStrings {
  common: TFunction<'common'>;
  pageMeta: TFunction<'pageMeta'>;
  errorPages: TFunction<'errorPages'>;
}

const OG_LOCALES: Record<Language, string> = { nl: 'nl_NL', en: 'en_GB', es: 'es_ES' };
/** Share image (1200 x 630) in frontend/public/images. */
export const SHARE_IMAGE = { path: '/images/og-image.png', width: '1200', height: '630' };

const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
  tag: 'meta',
  attributes: { [key]: name, content },
});
const link = (attributes: Record<string, string>): HeadTag => ({ tag: 'link', attributes });

/**
 * docs/product.md §2 "Page metadata": title, description, keywords, canonical, language, Open Graph (website) and a
 * summary_large_image card, per page and language; beyond the product rules, hreflang alternates (x-default = nl).
 * `baseUrl` is the literal __PUBLIC_BASE_URL__ token when prerendering (the server substitutes it).
 */
export function buildHead(handle: RouteHandle | undefined, strings: HeadStrings, baseUrl: string): DocumentHead {
  const { common: t, pageMeta, errorPages } = strings;
  const language = handle?.language ?? 'nl';
  const siteName = t('meta.siteName', { name: FOUNDATION.name });
  const page = handle?.page;
  if (!page) {
    // Error pages (and the unlikely missing handle): a title and description, but nothing to index.
    const status = handle?.errorStatus ?? 404;
    const title = t('meta.titleTemplate', { title: errorPages(`e${status}.title`), siteName });
    return {
      language,
      title,
      tags: [meta('name', 'description', errorPages(`e${status}.text`)), meta('name', 'robots', 'noindex')],
    };
  }
  const title = t('meta.titleTemplate', { title: pageMeta(`${page}.title`), siteName });
  const description = pageMeta(`${page}.description`);
  const url = `${baseUrl}${ROUTES[page][language]}`;
  const image = `${baseUrl}${SHARE_IMAGE.path}`;
  const imageAlt = t('meta.imageAlt', { name: FOUNDATION.name });
  return {
    language,
    title,
    tags: [
      meta('name', 'description', description),
      meta('name', 'keywords', pageMeta(`${page}.keywords`)),
      link({ rel: 'canonical', href: url }),
      ...LANGUAGES.map((other) =>
        link({ rel: 'alternate', hreflang: other, href: `${baseUrl}${ROUTES[page][other]}` }),
      ),
      link({ rel: 'alternate', hreflang: 'x-default', href: `${baseUrl}${ROUTES[page].nl}` }),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', siteName),
      meta('property', 'og:locale', OG_LOCALES[language]),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', image),
      meta('property', 'og:image:width', SHARE_IMAGE.width),
      meta('property', 'og:image:height', SHARE_IMAGE.height),
      meta('property', 'og:image:alt', imageAlt),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
      meta('name', 'twitter:image:alt', imageAlt),
      // docs/product.md §2.1: a page only an email's link opens has nothing for a search engine.
      ...(UNLISTED_PAGES.has(page) ? [meta('name', 'robots', 'noindex')] : []),
    ],
  };
}

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Marks the tags the client may replace (the static ones in index.html stay untouched). */
export const HEAD_MARKER = 'data-head';

/** The head as HTML, for the prerender step. */
export function renderHead(head: DocumentHead): string {
  const tags = head.tags.map(({ tag, attributes }) => {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ');
    return `<${tag} ${attrs} ${HEAD_MARKER}>`;
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n    ');
}

/** Applies the head on client navigation (docs/product.md §4: metadata applies when page or language changes). */
export function applyHead(head: DocumentHead, doc: Document = document): void {
  doc.documentElement.lang = head.language;
  doc.title = head.title;
  doc.head.querySelectorAll(`[${HEAD_MARKER}]`).forEach((element) => element.remove());
  for (const { tag, attributes } of head.tags) {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(HEAD_MARKER, '');
    doc.head.appendChild(element);
  }
}
