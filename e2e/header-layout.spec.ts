import { expect, test } from '@playwright/test';
import { LANGUAGES, ROUTES } from '@stichting/contracts';
import { waitForHydration } from './site-helpers';

/**
 * The desktop header at common laptop widths (docs/product.md §2 header): in every language the wordmark and each
 * navigation item stay on one line, nothing is pushed out of the bar, and every control keeps its size (the "About"
 * chevron once shrank to 0 px and the wordmark wrapped in Dutch at 1280-1440 px).
 */
for (const width of [1280, 1366, 1440]) {
  for (const language of LANGUAGES) {
    test(`header at ${width} px in ${language}: one line each, every control its size`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(ROUTES.home[language]);
      await waitForHydration(page);
      const header = page.locator('header.site-header');
      const measured = await header.evaluate((element) => {
        /** Lines the text of an element takes: its text fragments' tops, those within 5 px counted as one line. */
        const lines = (node: Element) => {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          const tops: number[] = [];
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            tops.push(...[...range.getClientRects()].map((rect) => rect.top));
          }
          tops.sort((a, b) => a - b);
          return tops.filter((top, index) => index === 0 || top - tops[index - 1] > 5).length;
        };
        const box = (node: Element) => node.getBoundingClientRect();
        const bar = element.querySelector('.site-header__bar')!;
        const visible = [...element.querySelectorAll('a, button, svg')].filter((node) => {
          const rect = box(node);
          return getComputedStyle(node).visibility !== 'hidden' && rect.width + rect.height > 0;
        });
        return {
          wordmarkLines: lines(element.querySelector('.brand__name')!),
          navItems: [...element.querySelectorAll('.main-nav__link')].map((node) => ({
            text: node.textContent?.trim() ?? '',
            lines: lines(node),
          })),
          chevronWidth: box(element.querySelector('.dropdown__chevron')!).width,
          overflow: bar.scrollWidth - bar.clientWidth,
          barRight: box(bar).right,
          viewport: window.innerWidth,
          controls: visible
            .filter((node) => node.tagName !== 'svg' && !node.classList.contains('skip-link'))
            .map((node) => ({
              name: node.textContent?.trim() || node.getAttribute('aria-label') || node.tagName,
              width: Math.round(box(node).width),
              height: Math.round(box(node).height),
            })),
        };
      });
      expect(measured.wordmarkLines, 'the wordmark on one line').toBe(1);
      expect(measured.navItems.length).toBeGreaterThanOrEqual(5);
      for (const item of measured.navItems) expect(item.lines, `"${item.text}" on one line`).toBe(1);
      expect(measured.chevronWidth, 'the About chevron keeps its width').toBeGreaterThanOrEqual(12);
      expect(measured.overflow, 'nothing overflows the header bar').toBeLessThanOrEqual(0);
      expect(measured.barRight).toBeLessThanOrEqual(measured.viewport);
      for (const control of measured.controls) {
        expect(control.width, `"${control.name}" is at least 24 px wide`).toBeGreaterThanOrEqual(24);
        expect(control.height, `"${control.name}" is at least 24 px high`).toBeGreaterThanOrEqual(24);
      }
    });
  }
}
