import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ALL_PAGES, ROUTES } from '@stichting/contracts';
import { text, waitForHydration } from './site-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

for (const width of [390, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const { path } of ALL_PAGES) {
      test(`${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoViolations(page);
      });
    }

    test('error page /en/404', async ({ page }) => {
      await page.goto('/en/404');
      await waitForHydration(page);
      await expectNoViolations(page);
    });
  });
}

test.describe('axe with menus open', () => {
  test('mobile menu open, About submenu expanded (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ROUTES.volunteer.en);
    await waitForHydration(page);
    await page.getByRole('button', { name: text('en', 'common', 'nav.openMenu') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text('en', 'common', 'nav.about') }).click();
    await expect(dialog.getByRole('link', { name: text('en', 'common', 'nav.team') })).toBeVisible();
    await expectNoViolations(page);
  });

  test('About dropdown open (1280 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(ROUTES.anbi.es);
    await waitForHydration(page);
    await page.getByRole('button', { name: text('es', 'common', 'nav.about') }).click();
    await expect(page.getByRole('link', { name: text('es', 'common', 'nav.team') }).first()).toBeVisible();
    await expectNoViolations(page);
  });

  test('footer sections open on mobile (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ROUTES.contact.nl);
    await waitForHydration(page);
    await page.locator('footer').getByRole('button', { name: text('nl', 'common', 'footer.aboutTitle') }).click();
    await expectNoViolations(page);
  });
});
