import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/** spec §2 route table: one page id, one slug per language (nl has no prefix). */
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
};

/** Every (page, language) pair: the 39 prerendered pages. */
export const ALL_PAGES: ReadonlyArray<{ page: PageId; language: Language; path: string }> = PAGE_IDS.flatMap((page) =>
  LANGUAGES.map((language) => ({ page, language, path: ROUTES[page][language] })),
);

/** spec §2: language comes from the first path segment; anything else is Dutch. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1]?.toLowerCase();
  return first === 'es' || first === 'en' ? first : DEFAULT_LANGUAGE;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/** The page a path shows, or undefined for an unknown path. `/es/` and `/es` are the same page. */
export function pageFromPath(pathname: string): PageId | undefined {
  const path = normalise(pathname);
  return PAGE_IDS.find((page) => LANGUAGES.some((language) => ROUTES[page][language] === path));
}

/** spec §2: the same page in another language; unknown pages fall back to that language's home. */
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
 * spec §2: the error page a non-page path shows: 403 for the forbidden sections and their subpaths, the listed
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
 * switcher links to while an error page shows, since error paths are the same in every language (spec §2).
 */
export function errorPagePath(status: keyof typeof ERROR_PATHS, language: Language): string {
  return `${language === DEFAULT_LANGUAGE ? '' : `/${language}`}${ERROR_PATHS[status][0]}`;
}
