import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageFromLocale, type Language } from './languages';

/** docs/product.md §2 route table: one page id, one slug per language (nl has no prefix). */
export const PAGE_IDS = [
  'home',
  'about',
  'team',
  'anbi',
  'annualReports',
  'support',
  'volunteer',
  'getHelp',
  'contact',
  'donate',
  'projects',
  'thankYou',
  'donationCancelled',
  'manageDonation',
  'periodicGift',
  'periodicGiftSign',
  'staffAction',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

export const ROUTES: Record<PageId, Record<Language, string>> = {
  home: { nl: '/', es: '/es', en: '/en' },
  about: { nl: '/over-de-stichting', es: '/es/sobre-la-fundacion', en: '/en/about-the-foundation' },
  team: { nl: '/ons-team', es: '/es/nuestro-equipo', en: '/en/our-team' },
  anbi: { nl: '/anbi-transparantie', es: '/es/transparencia-anbi', en: '/en/anbi-transparency' },
  annualReports: { nl: '/jaarstukken', es: '/es/informes-anuales', en: '/en/annual-reports' },
  support: { nl: '/steun-de-missie', es: '/es/apoyar-la-mision', en: '/en/support-the-mission' },
  volunteer: { nl: '/word-vrijwilliger', es: '/es/ser-voluntario', en: '/en/become-volunteer' },
  getHelp: { nl: '/hulp-krijgen', es: '/es/obtener-ayuda', en: '/en/get-help' },
  contact: { nl: '/contact', es: '/es/contacto', en: '/en/contact' },
  donate: { nl: '/doneer', es: '/es/donar', en: '/en/donate' },
  projects: { nl: '/projecten', es: '/es/proyectos', en: '/en/projects' },
  thankYou: { nl: '/bedankt', es: '/es/gracias', en: '/en/thank-you' },
  donationCancelled: {
    nl: '/donatie-geannuleerd',
    es: '/es/donacion-cancelada',
    en: '/en/donation-cancelled',
  },
  // The page where a donor asks for a manage link (docs/product.md §2.1, §7.10); DONOR_PORTAL_PATHS lie below it.
  manageDonation: { nl: '/mijn-donatie', es: '/es/mi-donacion', en: '/en/my-donation' },
  // docs/product.md §4.9: what a periodieke gift is and its form; the links in its emails open the sign page.
  periodicGift: { nl: '/periodieke-gift', es: '/es/donacion-periodica', en: '/en/periodic-gift' },
  periodicGiftSign: {
    nl: '/periodieke-gift/ondertekenen',
    es: '/es/donacion-periodica/firmar',
    en: '/en/periodic-gift/sign',
  },
  // docs/product.md §4.10: the confirmation page of the links in staff emails (the token after `#`).
  staffAction: { nl: '/medewerkers/actie', es: '/es/personal/accion', en: '/en/staff/action' },
};

/**
 * docs/product.md §2.1: pages only a link from an email leads to (its token in the fragment), with nothing to show a
 * search engine: `noindex`, and left out of the sitemap.
 */
export const UNLISTED_PAGES: ReadonlySet<PageId> = new Set<PageId>(['periodicGiftSign', 'staffAction']);

/** Every (page, language) pair: the 51 prerendered pages. */
export const ALL_PAGES: ReadonlyArray<{ page: PageId; language: Language; path: string }> = PAGE_IDS.flatMap((page) =>
  LANGUAGES.map((language) => ({ page, language, path: ROUTES[page][language] })),
);

/** docs/product.md §2: language comes from the first path segment; anything else is Dutch. */
export function languageFromPath(pathname: string): Language {
  const end = pathname.indexOf('/', 1);
  const first = pathname.slice(1, end === -1 ? pathname.length : end).toLowerCase();
  return first === 'es' || first === 'en' ? first : DEFAULT_LANGUAGE;
}

/**
 * `value` without its trailing slashes, in one pass from the end. (The regex /\/+$/ does the same in time quadratic
 * in the length of a run of slashes that is not at the end, e.g. a request path "/////…/a".)
 */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 0x2f) end--;
  return end === value.length ? value : value.slice(0, end);
}

function normalise(pathname: string): string {
  const trimmed = withoutTrailingSlashes(pathname);
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/** The page a path shows, or undefined for an unknown path. `/es/` and `/es` are the same page. */
export function pageFromPath(pathname: string): PageId | undefined {
  const path = normalise(pathname);
  return PAGE_IDS.find((page) => LANGUAGES.some((language) => ROUTES[page][language] === path));
}

/** docs/product.md §2: the same page in another language; unknown pages fall back to that language's home. */
export function translatePath(pathname: string, target: Language): string {
  const page = pageFromPath(pathname) ?? 'home';
  return ROUTES[page][target];
}

/** Error pages: same path in every language, optionally behind /en or /es. */
export const FORBIDDEN_PREFIXES = ['/admin', '/security', '/api'] as const;
export const ERROR_PATHS = {
  403: ['/error/403', '/test-403'],
  404: ['/404', '/error/404', '/test-404'],
  500: ['/error/500', '/test-500'],
} as const;

export const PRIVACY_REDIRECT_PATH = '/privacy';

/**
 * docs/product.md §2: the error page a non-page path shows: 403 for the forbidden sections and their subpaths, the listed
 * error and test paths, each optionally behind /en or /es; undefined for any other path (the site answers 404).
 */
export function errorStatusFor(pathname: string): keyof typeof ERROR_PATHS | undefined {
  const unprefixed = normalise(pathname).replace(/^\/(en|es)(?=\/|$)/, '') || '/';
  if (FORBIDDEN_PREFIXES.some((prefix) => unprefixed === prefix || unprefixed.startsWith(`${prefix}/`))) return 403;
  for (const status of [403, 404, 500] as const) {
    if ((ERROR_PATHS[status] as readonly string[]).includes(unprefixed)) return status;
  }
  return undefined;
}

/**
 * The canonical path of an error page in a language (/404, /en/error/403, /es/error/500): what the language
 * switcher links to while an error page shows, since error paths are the same in every language (docs/product.md §2).
 */
export function errorPagePath(status: keyof typeof ERROR_PATHS, language: Language): string {
  return `${language === DEFAULT_LANGUAGE ? '' : `/${language}`}${ERROR_PATHS[status][0]}`;
}

/** The switcher's record of an explicit language choice (a session cookie the server reads on "/"). */
export const LANGUAGE_CHOICE_COOKIE = 'language-choice';

/**
 * An unprefixed path that is the slug of an English or Spanish page ("/about-the-foundation" for
 * "/en/about-the-foundation"): the prefixed paths it may stand for, by language. No Dutch page has such a path
 * ("/contact" is Dutch and English, and stays Dutch).
 */
const UNPREFIXED_SLUGS: ReadonlyMap<string, Partial<Record<Language, string>>> = (() => {
  const dutch = new Set(PAGE_IDS.map((page) => ROUTES[page][DEFAULT_LANGUAGE]));
  const slugs = new Map<string, Partial<Record<Language, string>>>();
  for (const { language, path } of ALL_PAGES) {
    if (language === DEFAULT_LANGUAGE || path === ROUTES.home[language]) continue;
    const unprefixed = path.slice(language.length + 1);
    if (!dutch.has(unprefixed)) slugs.set(unprefixed, { ...slugs.get(unprefixed), [language]: path });
  }
  return slugs;
})();

/**
 * First load: a path starting with /es or /en changes nothing; a known Dutch path keeps Dutch; otherwise a browser
 * language that resolves to es or en redirects to the prefixed path. Every unprefixed path is either a Dutch page
 * or a (Dutch) error page, and "/" is a Dutch page too, yet a Spanish browser landing on "/" is meant to get "/es".
 * So: the root redirects, and so does an unprefixed path that is the slug of an English or Spanish page (a shared
 * link that lost its /en or /es), and only when the visitor has not chosen a language in this session (choosing NL
 * in the switcher lands on "/" and must not bounce back). Any other unprefixed path stays what it is: a Dutch page
 * or the Dutch 404.
 * A slug names its page: "/about-the-foundation" goes to "/en/about-the-foundation" for a Spanish browser too (the
 * link was to that page; the switcher is one click away), and "/donar" to "/es/donar" for an English one. Only a
 * slug that both languages share goes to the browser's language.
 * The server applies it to the request (Accept-Language, cookie), so crawlers and audits that render "/" see the
 * Dutch page they asked for, and a visitor gets the right page without loading the wrong one first.
 * Returns the path to redirect to, or undefined to stay.
 */
export function firstLoadRedirectTarget(
  pathname: string,
  browserLocale: string | undefined,
  storedChoice: Language | undefined,
): string | undefined {
  if (storedChoice) return undefined;
  const language = languageFromLocale(browserLocale);
  if (language === DEFAULT_LANGUAGE) return undefined;
  if (pathname === '/') return ROUTES.home[language];
  const pages = UNPREFIXED_SLUGS.get(pathname);
  return pages && (pages[language] ?? pages.en ?? pages.es);
}

/** True when `pathname` may be redirected by firstLoadRedirectTarget, depending on the request's language. */
export function mayRedirectOnFirstLoad(pathname: string): boolean {
  return pathname === '/' || UNPREFIXED_SLUGS.has(pathname);
}

/** The browser's first language from an Accept-Language header (highest q first, as navigator.languages[0]). */
export function preferredLocale(acceptLanguage: string | undefined): string | undefined {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag;
}

/** The language the visitor chose in the switcher this session, from a Cookie header or document.cookie. */
export function languageChoiceFromCookies(cookies: string | undefined): Language | undefined {
  const value = (cookies ?? '')
    .split(';')
    .map((cookie) => cookie.trim().split('='))
    .find(([name]) => name === LANGUAGE_CHOICE_COOKIE)?.[1];
  return isLanguage(value) ? value : undefined;
}
