import {
  ALL_PAGES,
  errorPagePath,
  firstLoadRedirectTarget,
  languageChoiceFromCookies,
  preferredLocale,
  LANGUAGES,
  pageFromPath,
  ROUTES,
  translatePath,
  type Language,
} from '@stichting/contracts';
import { buildHead, type HeadStrings } from '../metadata';
import { routeHandleFor as handleFor } from '../route-handle';

describe('route table', () => {
  test('has one route per page and language: 51 page routes', () => {
    expect(ALL_PAGES).toHaveLength(51);
    for (const { path, page, language } of ALL_PAGES) {
      expect({ path, handle: handleFor(path) }).toEqual({ path, handle: expect.objectContaining({ page, language }) });
    }
  });

  test("the periodic gift's sign page, opened only from an email, tells search engines not to index it", () => {
    const echo = (key: string) => key;
    const strings = { common: echo, pageMeta: echo, errorPages: echo } as unknown as HeadStrings;
    const robots = (path: string) =>
      buildHead(handleFor(path), strings, 'https://example.org').tags.find((tag) => tag.attributes.name === 'robots');
    for (const language of LANGUAGES) {
      expect(robots(ROUTES.periodicGiftSign[language])?.attributes.content).toBe('noindex');
      expect(robots(ROUTES.staffAction[language])?.attributes.content).toBe('noindex');
      expect(robots(ROUTES.periodicGift[language])).toBeUndefined();
    }
  });

  test.each(['/es/', '/en/', '/over-de-stichting/'])('%s (trailing slash) is the same page', (path) => {
    expect(handleFor(path)?.page).toBe(pageFromPath(path));
  });

  test.each([
    ['/404', 404, 'nl'],
    ['/error/404', 404, 'nl'],
    ['/test-404', 404, 'nl'],
    ['/does-not-exist', 404, 'nl'],
    ['/en/404', 404, 'en'],
    ['/en/what/ever', 404, 'en'],
    ['/es/nada', 404, 'es'],
    ['/error/403', 403, 'nl'],
    ['/test-403', 403, 'nl'],
    ['/admin', 403, 'nl'],
    ['/admin/users', 403, 'nl'],
    ['/security', 403, 'nl'],
    ['/security/x', 403, 'nl'],
    ['/api', 403, 'nl'],
    ['/api/anything', 403, 'nl'],
    ['/en/admin', 403, 'en'],
    ['/error/500', 500, 'nl'],
    ['/test-500', 500, 'nl'],
    ['/es/error/500', 500, 'es'],
  ] as const)('%s shows the %i page in %s', (path, status, language) => {
    expect(handleFor(path)).toEqual(expect.objectContaining({ errorStatus: status, language }));
  });
});

describe('translatePath (language switcher)', () => {
  test('maps every page to the same page in each language', () => {
    for (const { path, page } of ALL_PAGES) {
      for (const target of LANGUAGES) expect(translatePath(path, target)).toBe(ROUTES[page][target]);
    }
  });

  test('round trip nl -> en -> es -> nl returns the original slug', () => {
    for (const { path, language } of ALL_PAGES.filter((entry) => entry.language === 'nl')) {
      expect(translatePath(translatePath(translatePath(path, 'en'), 'es'), language)).toBe(path);
    }
  });

  test('an unknown page falls back to the home page of the target language (docs/product.md §2)', () => {
    expect(translatePath('/onbekend', 'es')).toBe('/es');
    expect(translatePath('/en/nothing', 'nl')).toBe('/');
  });

  test('error pages keep their path behind the new prefix', () => {
    expect(errorPagePath(404, 'en')).toBe('/en/404');
    expect(errorPagePath(403, 'nl')).toBe('/error/403');
    expect(errorPagePath(500, 'es')).toBe('/es/error/500');
  });
});

describe('first-load redirect (docs/product.md §2)', () => {
  const cases: Array<[string, string | undefined, Language | undefined, string | undefined]> = [
    ['/', 'en-US', undefined, '/en'],
    ['/', 'es-MX', undefined, '/es'],
    ['/', 'nl-BE', undefined, undefined],
    ['/', 'fr-FR', undefined, undefined],
    ['/', undefined, undefined, undefined],
    ['/', 'es-ES', 'nl', undefined], // the visitor chose NL in the switcher this session
    ['/en', 'es-MX', undefined, undefined], // already prefixed: nothing changes
    ['/es/donar', 'en-US', undefined, undefined],
    ['/over-de-stichting', 'en-US', undefined, undefined], // a known Dutch page keeps Dutch
    ['/404', 'es-MX', undefined, undefined],
  ];
  test.each(cases)('%s with browser %s (choice %s) -> %s', (path, locale, choice, expected) => {
    expect(firstLoadRedirectTarget(path, locale, choice)).toBe(expected);
  });
});

describe('first-load request headers', () => {
  test.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es-MX'],
    ['nl;q=0.5, en-GB', 'en-GB'],
    ['fr-FR, *;q=0.1', 'fr-FR'],
    ['*', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Language %p -> %p', (header, expected) => {
    expect(preferredLocale(header)).toBe(expected);
  });

  test.each([
    ['language-choice=nl', 'nl'],
    ['theme=dark; language-choice=es', 'es'],
    ['language-choice=fr', undefined],
    [undefined, undefined],
  ])('cookies %p -> choice %p', (header, expected) => {
    expect(languageChoiceFromCookies(header)).toBe(expected);
  });
});
