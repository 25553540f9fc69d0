import { startTestStack, type TestStack } from './support/test-app';

/** docs/product.md §2 first load, decided by the server from the request, so "/" never renders in the wrong language first. */
describe('site: first-load language redirect', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${stack.url}${path}`, { headers, redirect: 'manual' });

  describe('on "/"', () => {
    it.each([
      ['en-US,en;q=0.9', '/en'],
      ['es-MX,es;q=0.9', '/es'],
      ['en-GB', '/en'],
      ['es', '/es'],
    ])('a browser in %s is sent to %s', async (acceptLanguage, target) => {
      const response = await get('/', { 'accept-language': acceptLanguage });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(target);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    });

    it('keeps the query string', async () => {
      const response = await get('/?utm_source=flyer', { 'accept-language': 'es-ES' });
      expect(response.headers.get('location')).toBe('/es?utm_source=flyer');
    });

    it.each([['nl-BE'], ['fr-FR'], ['de-DE, en;q=0.8'], ['']])(
      'a browser in %p gets the Dutch home page',
      async (accept) => {
        const response = await get('/', accept ? { 'accept-language': accept } : {});
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('<html lang="nl">');
        expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      },
    );

    it('a language chosen in the switcher this session wins over the browser language', async () => {
      const response = await get('/', { 'accept-language': 'es-MX', cookie: 'language-choice=nl' });
      expect(response.status).toBe(200);
    });

    it("a link followed from one of the site's own pages is not a first load (NL chosen before any script ran)", async () => {
      const fromOwnPage = await get('/', { 'accept-language': 'es-MX', 'sec-fetch-site': 'same-origin' });
      expect(fromOwnPage.status).toBe(200);
      expect(await fromOwnPage.text()).toContain('<html lang="nl">');
      expect(fromOwnPage.headers.get('vary')).toMatch(/Sec-Fetch-Site/);
      for (const site of ['none', 'cross-site', 'same-site']) {
        const fromElsewhere = await get('/', { 'accept-language': 'es-MX', 'sec-fetch-site': site });
        expect([site, fromElsewhere.status, fromElsewhere.headers.get('location')]).toEqual([site, 302, '/es']);
      }
    });

    it.each([['/over-de-stichting'], ['/en'], ['/es/donar'], ['/404']])(
      '%s is never redirected (a known or prefixed path keeps its language)',
      async (path) => {
        const response = await get(path, { 'accept-language': 'es-MX' });
        expect([200, 404]).toContain(response.status);
        expect(response.headers.get('location')).toBeNull();
      },
    );
  });

  /**
   * The same first load for an unprefixed path that is the slug of an English or Spanish page (a link that lost
   * its /en or /es): an English or Spanish browser is sent to that page instead of a Dutch 404.
   */
  describe('on an English or Spanish slug without its prefix', () => {
    it.each([
      ['/about-the-foundation', 'en-US,en;q=0.9', '/en/about-the-foundation'],
      ['/donate', 'en-GB', '/en/donate'],
      ['/donar', 'es-MX,es;q=0.9', '/es/donar'],
      ['/sobre-la-fundacion', 'es', '/es/sobre-la-fundacion'],
      ['/become-volunteer/', 'en', '/en/become-volunteer'],
      // The slug names the page: a Spanish browser on an English slug gets that English page (and the reverse).
      ['/about-the-foundation', 'es-ES', '/en/about-the-foundation'],
      ['/donar', 'en-US', '/es/donar'],
    ])('%s with a browser in %s is sent to %s', async (path, acceptLanguage, target) => {
      const response = await get(path, { 'accept-language': acceptLanguage });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(target);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
    });

    it('keeps the query string', async () => {
      const response = await get('/thank-you?session_id=cs_1', { 'accept-language': 'en-US' });
      expect(response.headers.get('location')).toBe('/en/thank-you?session_id=cs_1');
    });

    it.each([
      ['/about-the-foundation', 'nl-NL', undefined],
      ['/about-the-foundation', 'fr-FR', undefined],
      ['/donate', '', undefined],
      ['/about-the-foundation', 'en-US', 'language-choice=nl'],
      ['/not-a-page-anywhere', 'en-US', undefined],
      ['/en-about-the-foundation', 'en-US', undefined],
    ])('%s with a browser in %p (cookie %p) stays the Dutch 404', async (path, acceptLanguage, cookie) => {
      const response = await get(path, {
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
        ...(cookie ? { cookie } : {}),
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('<html lang="nl">');
    });

    it('a Dutch page whose slug is also an English one stays Dutch (/contact)', async () => {
      const response = await get('/contact', { 'accept-language': 'en-US' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<html lang="nl">');
    });
  });
});
