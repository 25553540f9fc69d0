import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ALL_PAGES, ROUTES } from '@stichting/contracts';
import { text, waitForHydration } from './site-helpers';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page, or only on the elements `include` selects; returns what it checked. */
async function expectNoViolations(page: Page, include: string[] = []): Promise<AxeResults> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
  return results;
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
    const footer = page.locator('footer');
    const toggle = footer.getByRole('button', { name: text('nl', 'common', 'footer.aboutTitle') });
    const company = footer.getByRole('button', { name: text('nl', 'common', 'footer.companyTitle') });
    const panelId = await toggle.getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    const links = ['nav.aboutFoundation', 'nav.team', 'nav.anbi', 'nav.annualReports'].map((key) =>
      panel.getByRole('link', { name: text('nl', 'common', key), exact: true }),
    );
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    for (const link of links) await expect(link).toBeVisible();

    // A keyboard user goes from the heading button through each link of the section, in order.
    await toggle.focus();
    for (const link of links) {
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
    }

    // axe on the opened section only; it skips what is hidden, so it must have checked the button and all four links.
    const results = await expectNoViolations(page, [`[aria-controls="${panelId}"]`, `[id="${panelId}"]`]);
    const checked = (rule: string) => results.passes.find((pass) => pass.id === rule)?.nodes.length ?? 0;
    expect({ buttons: checked('button-name'), links: checked('link-name') }).toEqual({ buttons: 1, links: 4 });

    // And the keyboard closes it again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });
});
