import { expect, test } from '@playwright/test';
import { ALL_PAGES, errorPagePath, LANGUAGES, PAGE_MODULES_ID } from '@stichting/contracts';
import { waitForHydration } from './site-helpers';

/**
 * Every prerendered page names all the JavaScript its hydration needs (the entry and its chunks, among them the
 * page's own chunk) in its module list, which the boot script preloads together after the first paint
 * (contracts/src/page-boot.ts). A chunk that only the running entry asks for is a second round trip before the page
 * becomes interactive. Checked in Chromium on each page and error page: no script is requested that the list did not
 * name. (That the scripts start after the first paint is measured, not asserted: under load the presented paint can
 * trail the frame the boot script waited for by a few milliseconds; docs/benchmarks.md §2.4.)
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
      const island = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html);
      const named = new Set(JSON.parse(island![1]) as string[]);
      expect(html).not.toMatch(/<script[^>]* src=|<link[^>]*rel="modulepreload"/);
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => !named.has(url))).toEqual([]);
    });
  }
});
