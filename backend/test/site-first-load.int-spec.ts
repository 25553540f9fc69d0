import { startTestStack, type TestStack } from './support/test-app';

/** spec §2 first load, decided by the server from the request, so "/" never renders in the wrong language first. */
describe('site: first-load language redirect on "/"', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${stack.url}${path}`, { headers, redirect: 'manual' });

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

  it.each([['nl-BE'], ['fr-FR'], ['de-DE, en;q=0.8'], ['']])('a browser in %p gets the Dutch home page', async (accept) => {
    const response = await get('/', accept ? { 'accept-language': accept } : {});
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="nl">');
    expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
  });

  it('a language chosen in the switcher this session wins over the browser language', async () => {
    const response = await get('/', { 'accept-language': 'es-MX', cookie: 'language-choice=nl' });
    expect(response.status).toBe(200);
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
