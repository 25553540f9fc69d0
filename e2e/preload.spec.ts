import { expect, test } from '@playwright/test';
import { ALL_PAGES, errorPagePath, LANGUAGES, PAGE_MODULES_ID } from '@stichting/contracts';
import { waitForHydration } from './site-helpers';

/**
 * Every prerendered page names all the JavaScript its hydration needs (the entry and its chunks, among them the
 * page's own chunk) in its module list, which the boot script preloads together after the first paint
 * (contracts/src/page-boot.ts). A chunk that only the running entry asks for is a second round trip before the page
 * becomes interactive. Checked in Chromium on each page and error page: no script is requested that the list did not
 * name. (That the scripts start after the first paint is measured, not asserted: under load the presented paint can
 * trail the frame the boot script waited for by a few milliseconds; docs/benchmarks.md §2.4.) Each of those scripts
 * begins with V8's compile hint, so that its functions are compiled in the background as it downloads, not on the
 * main thread when hydration first calls them (docs/benchmarks.md §2.4).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const PATHS = [
  ...ALL_PAGES.map(({ path }) => path),
  ...LANGUAGES.flatMap((language) => ([403, 404, 500] as const).map((status) => errorPagePath(status, language))),
];

test.describe('prerendered pages name every script their hydration loads', () => {
  for (const path of PATHS) {
    test(path, async ({ page, baseURL }) => {
      const ours = (url: URL) => url.origin === new URL(baseURL!).origin && url.pathname.endsWith('.js');
      const requested: string[] = [];
      const openings: Array<Promise<string>> = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (ours(url)) requested.push(url.pathname);
      });
      page.on('response', (response) => {
        if (ours(new URL(response.url())))
          openings.push(response.text().then((body) => body.slice(0, COMPILE_HINT.length)));
      });
      const response = await page.goto(path);
      const html = await response!.text();
      await waitForHydration(page);
      const island = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html);
      const named = new Set(JSON.parse(island![1]) as string[]);
      expect(html).not.toMatch(/<script[^>]* src=|<link[^>]*rel="modulepreload"/);
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => !named.has(url))).toEqual([]);
      // Each asks Chromium to compile all of its functions while it downloads (frontend/vite.config.ts).
      expect(openings.length).toBe(requested.length);
      expect(new Set(await Promise.all(openings))).toEqual(new Set([COMPILE_HINT]));
    });
  }
});
