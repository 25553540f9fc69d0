import { expect, test } from '@playwright/test';
import { ALL_PAGES, errorPagePath, LANGUAGES, PAGE_MODULES_ID } from '@stichting/contracts';
import { waitForHydration } from './site-helpers';

/**
 * Every prerendered page names all the JavaScript its hydration needs (the entry and its chunks, among them the
 * page's own chunk) in its module list, which the boot script preloads together after the first paint
 * (contracts/src/page-boot.ts). A chunk that only the running entry asks for is a second round trip before the page
 * becomes interactive. Checked in Chromium on each page and error page: no script is requested that the list did not
 * name, and none is requested before the page has painted.
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
      await page.addInitScript(() => {
        const painted = new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({
            type: 'paint',
            buffered: true,
          }),
        );
        Object.assign(window, { firstPaint: painted });
      });
      const response = await page.goto(path);
      const html = await response!.text();
      await waitForHydration(page);
      const island = new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html);
      const named = new Set(JSON.parse(island![1]) as string[]);
      expect(html).not.toMatch(/<script[^>]* src=|<link[^>]*rel="modulepreload"/);
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => !named.has(url))).toEqual([]);
      // The first script request started after the first paint, or after the boot script's one-second fallback when the
      // page had painted nothing by then (a busy machine; resource and paint timing share a clock).
      const { paintedAt, firstScriptAt } = await page.evaluate(async () => ({
        paintedAt: await (window as unknown as { firstPaint: Promise<number> }).firstPaint,
        firstScriptAt: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.name.startsWith(location.origin))
            .map((entry) => entry.startTime),
        ),
      }));
      expect(firstScriptAt).toBeGreaterThanOrEqual(Math.min(paintedAt, 1000));
    });
  }
});
