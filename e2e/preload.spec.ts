import { expect, test } from '@playwright/test';
import { ALL_PAGES, errorPagePath, LANGUAGES } from '@stichting/contracts';
import { waitForHydration } from './site-helpers';

/**
 * Every prerendered page announces all the JavaScript its hydration needs (the entry script and modulepreload
 * links, among them the page's own chunk), so the browser fetches it while parsing the HTML. A chunk that only the
 * running entry asks for is a second round trip before the page becomes interactive. Checked in Chromium on each of
 * the 39 pages and the 9 error pages: no script is requested that the HTML did not name.
 */
const PATHS = [
  ...ALL_PAGES.map(({ path }) => path),
  ...LANGUAGES.flatMap((language) => ([403, 404, 500] as const).map((status) => errorPagePath(status, language))),
];

test.describe('prerendered pages name every script their hydration loads', () => {
  for (const path of PATHS) {
    test(path, async ({ page, baseURL }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === new URL(baseURL!).origin && url.pathname.endsWith('.js')) requested.push(url.pathname);
      });
      const response = await page.goto(path);
      const html = await response!.text();
      await waitForHydration(page);
      const announced = new Set(
        [...html.matchAll(/<(?:link rel="modulepreload"|script type="module")[^>]*? (?:href|src)="([^"]+)"/g)].map(
          ([, url]) => url,
        ),
      );
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => !announced.has(url))).toEqual([]);
    });
  }
});
