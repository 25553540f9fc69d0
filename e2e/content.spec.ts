import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FOUNDATION, LANGUAGES, ROUTES, type Language, type PageId } from '@stichting/contracts';
import { collectConsole, text, waitForHydration } from './site-helpers';

/** Page contents: every section in every language, the ANBI items, the timed widgets, thank-you sharing. */

const CONTENT_PAGES: Record<string, { page: PageId; sections: string[] }> = {
  home: { page: 'home', sections: ['mission', 'impact'] },
  about: { page: 'about', sections: ['believe', 'vision', 'approach', 'history', 'founder'] },
  team: { page: 'team', sections: ['members', 'values'] },
  anbi: { page: 'anbi', sections: ['policy-plan', 'compensation', 'activities', 'anbi-information'] },
  annualReports: { page: 'annualReports', sections: ['report-status', 'reports'] },
  support: { page: 'support', sections: ['ways-to-help', 'supporters', 'impact-examples', 'testimonials'] },
  projects: { page: 'projects', sections: ['projects'] },
  thankYou: { page: 'thankYou', sections: ['thank-you', 'share'] },
  donationCancelled: { page: 'donationCancelled', sections: ['need-help'] },
};

const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', es: 'es-ES' };
const euro = (value: number, language: Language) =>
  new Intl.NumberFormat(LOCALE_TAGS[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);

// The first visit of '/' follows the browser language (docs/product.md §2): browse as a Dutch visitor.
test.use({ locale: 'nl-NL' });

/**
 * Opens a page under the controlled clock and freezes it, so only runFor() moves time. Then the pointer enters
 * and leaves the widget: the widget pauses and restarts its timer at the frozen instant, so its next step is
 * exactly one interval away.
 */
/**
 * Lets the page finish what an event started (Preact renders in a microtask, and this waits for a MessageChannel
 * task after it, which the fake clock does not control) before the clock is moved on: otherwise an interval the event
 * stops may still fire once.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

async function openWithClock(page: Page, path: string, widget = 'supporters-carousel'): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await waitForHydration(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await page.getByTestId(widget).hover();
  await page.mouse.move(1, 1);
  await settle(page);
}

test.describe('sections in every language', () => {
  for (const [name, { page: pageId, sections }] of Object.entries(CONTENT_PAGES)) {
    for (const language of LANGUAGES) {
      const path = ROUTES[pageId][language];
      test(`${name} ${language} (${path})`, async ({ page }) => {
        const messages = collectConsole(page);
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('h1')).toHaveText(text(language, pageId, 'title'));
        for (const id of sections) await expect(page.locator(`section#${id}`), id).toBeVisible();
        // docs/product.md §2: a missing key shows the key itself and logs a warning; none may be missing.
        expect(messages.filter((message) => /hydrat|missing translation/i.test(message))).toEqual([]);
      });
    }
  }
});

test.describe('page details', () => {
  for (const language of LANGUAGES) {
    test(`home figures and links (${language})`, async ({ page }) => {
      await page.goto(ROUTES.home[language]);
      await expect(page.getByTestId('impact-families')).toContainText(
        `2 ${text(language, 'home', 'impact.families.label')}`,
      );
      await expect(page.getByTestId('impact-projects')).toContainText(
        `3 ${text(language, 'home', 'impact.projects.label')}`,
      );
      await expect(page.getByTestId('impact-funds')).toContainText(euro(10_000, language));
      const hero = page.locator('.hero');
      await expect(hero.getByRole('link', { name: text(language, 'home', 'cta.help') })).toHaveAttribute(
        'href',
        ROUTES.donate[language],
      );
      await expect(hero.getByRole('link', { name: text(language, 'home', 'cta.mission') })).toHaveAttribute(
        'href',
        ROUTES.about[language],
      );
      await expect(hero).toContainText(text(language, 'home', 'anbiNote'));
      await expect(page.locator('#mission a')).toHaveAttribute('href', ROUTES.about[language]);
      for (const image of await page.locator('main img').all()) {
        await expect(image).toHaveAttribute('width', /\d+/);
        await expect(image).toHaveAttribute('height', /\d+/);
        expect(await image.getAttribute('alt')).toBeTruthy();
      }
    });

    test(`team cards and profile link (${language})`, async ({ page }) => {
      await page.goto(ROUTES.team[language]);
      await expect(page.locator('#members li.member-card')).toHaveCount(2);
      await expect(page.getByTestId('member-chair')).toContainText(text(language, 'team', 'members.chair.role'));
      await expect(page.getByTestId('member-secretary')).toContainText(
        text(language, 'team', 'members.secretary.role'),
      );
      const profile = page.getByTestId('member-chair').locator('a[target="_blank"]');
      await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(profile).toHaveAccessibleName(new RegExp(text(language, 'team', 'members.profileLabel')));
      await expect(profile).toHaveAccessibleName(/\((?:opent|opens|se abre)/);
      await expect(page.locator('#values li')).toHaveCount(4);
    });

    test(`ANBI policy plan link and activities (${language})`, async ({ page }) => {
      await page.goto(ROUTES.anbi[language]);
      await expect(page.locator('#policy-plan a').first()).toHaveAttribute(
        'href',
        FOUNDATION.documents.policyPlan[language],
      );
      await expect(page.locator('#policy-plan')).toContainText(String(FOUNDATION.policyPlanYear));
      await expect(page.getByTestId('anbi-activity-cards').locator('li')).toHaveCount(5);
      await expect(page.getByTestId('anbi-activity-cards').locator('li svg')).toHaveCount(5);
      await expect(page.locator('#activities h2')).toHaveText(text(language, 'anbi', 'activities.title'));
    });

    test(`ANBI required items (${language})`, async ({ page }) => {
      await page.goto(ROUTES.anbi[language]);
      const section = page.locator('section#anbi-information');
      await expect(section.locator('h2')).toHaveText(text(language, 'anbi', 'info.title'));
      const required = [
        'name',
        'rsin',
        'contact',
        'objective',
        'policy',
        'board',
        'remuneration',
        'activities-report',
        'financial',
      ];
      for (const id of required) {
        const item = section.getByTestId(`anbi-${id}`);
        await expect(item, id).toBeVisible();
        expect((await item.locator('dd').innerText()).trim().length, id).toBeGreaterThan(3);
      }
      await expect(section.getByTestId('anbi-name')).toContainText(FOUNDATION.name);
      await expect(section.getByTestId('anbi-rsin')).toContainText(FOUNDATION.rsin);
      await expect(section.getByTestId('anbi-contact')).toContainText(FOUNDATION.address.city);
      await expect(section.getByTestId('anbi-contact')).toContainText(
        language === 'nl' ? FOUNDATION.emails.nl : FOUNDATION.emails.other,
      );
      await expect(section.getByTestId('anbi-board').locator('li')).toHaveCount(2);
      await expect(section.getByTestId('anbi-financial').locator('a')).toHaveAttribute(
        'href',
        ROUTES.annualReports[language],
      );
    });

    test(`annual report 2025 pending, cancelled page links (${language})`, async ({ page }) => {
      await page.goto(ROUTES.annualReports[language]);
      await expect(page.getByTestId('report-2025')).toContainText(text(language, 'annualReports', 'reports.pending'));
      await page.goto(ROUTES.donationCancelled[language]);
      await expect(page.getByRole('link', { name: text(language, 'donationCancelled', 'tryAgain') })).toHaveAttribute(
        'href',
        ROUTES.donate[language],
      );
      await expect(page.getByRole('link', { name: text(language, 'donationCancelled', 'backHome') })).toHaveAttribute(
        'href',
        ROUTES.home[language],
      );
      await expect(page.locator('#need-help a')).toHaveAttribute('href', ROUTES.contact[language]);
    });

    test(`support ways and impact examples (${language})`, async ({ page }) => {
      await page.goto(ROUTES.support[language]);
      await expect(page.getByTestId('way-donate').getByRole('link')).toHaveAttribute('href', ROUTES.donate[language]);
      await expect(page.getByTestId('way-volunteer').getByRole('link')).toHaveAttribute(
        'href',
        ROUTES.volunteer[language],
      );
      await expect(page.getByTestId('way-corporate').getByRole('link')).toHaveAttribute(
        'href',
        new RegExp(`^${ROUTES.contact[language]}\\?subject=`),
      );
      await expect(page.getByTestId('example-training')).toContainText(euro(25, language));
      await expect(page.getByTestId('example-housing')).toContainText(euro(50, language));
      await expect(page.getByTestId('example-crisis')).toContainText(euro(100, language));
      await expect(page.getByTestId('badge-charityCheck')).toBeVisible();
      await expect(page.getByTestId('badge-nonprofitTech')).toBeVisible();
    });

    test(`projects: three, each with ways to support (${language})`, async ({ page }) => {
      await page.goto(ROUTES.projects[language]);
      for (const id of ['work', 'housing', 'family']) {
        const card = page.getByTestId(`project-${id}`);
        await expect(card.locator('dt')).toHaveCount(3);
        await expect(card.locator(`a[href="${ROUTES.donate[language]}"]`)).toHaveCount(1);
        await expect(card.locator(`a[href="${ROUTES.volunteer[language]}"]`)).toHaveCount(1);
        await expect(card.locator(`a[href="${ROUTES.contact[language]}"]`)).toHaveCount(1);
      }
    });
  }
});

test.describe('supporters carousel', () => {
  const visibleIds = async (page: Page) =>
    page
      .getByTestId('supporter')
      .filter({ visible: true })
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-supporter')));

  test('advances by one every 4 s and wraps around', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openWithClock(page, '/en/support-the-mission');
    const all = await page
      .getByTestId('supporter')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-supporter')));
    expect(all).toHaveLength(7);
    expect(await visibleIds(page)).toEqual(all.slice(0, 4));
    await page.clock.runFor(3900);
    expect(await visibleIds(page)).toEqual(all.slice(0, 4));
    await page.clock.runFor(100);
    await expect.poll(() => visibleIds(page)).toEqual(all.slice(1, 5));
    // Four more steps: the window wraps past the seventh supporter back to the first.
    for (let step = 0; step < 4; step += 1) await page.clock.runFor(4000);
    await expect.poll(() => visibleIds(page)).toEqual([all[5], all[6], all[0], all[1]]);
    await page.clock.runFor(8000);
    await expect.poll(() => visibleIds(page)).toEqual(all.slice(0, 4));
  });

  test('pauses while hovered and with the pause button; previous/next step by one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openWithClock(page, '/steun-de-missie');
    const carousel = page.getByTestId('supporters-carousel');
    const start = await visibleIds(page);
    await carousel.hover();
    await page.clock.runFor(12_000);
    expect(await visibleIds(page)).toEqual(start);
    await page.mouse.move(5, 5);
    await page.clock.runFor(4000);
    await expect.poll(() => visibleIds(page)).not.toEqual(start);

    const moved = await visibleIds(page);
    await page.getByTestId('carousel-pause').click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(12_000);
    expect(await visibleIds(page)).toEqual(moved);
    await expect(page.getByTestId('carousel-pause')).toHaveAccessibleName(text('nl', 'support', 'supporters.play'));

    await carousel.getByRole('button', { name: text('nl', 'support', 'supporters.next') }).click();
    await expect.poll(async () => (await visibleIds(page))[0]).toBe(moved[1]);
    await carousel.getByRole('button', { name: text('nl', 'support', 'supporters.previous') }).click();
    await expect.poll(async () => (await visibleIds(page))[0]).toBe(moved[0]);
  });

  test('pauses on touch (mobile)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openWithClock(page, '/es/apoyar-la-mision');
    const start = await visibleIds(page);
    await page.getByTestId('supporters-carousel').locator('.carousel__category').first().tap();
    // After a tap Chromium sends emulated mouse events, and at some point a mouse leave: it must not restart it.
    await page.mouse.move(1, 1);
    await settle(page);
    await page.clock.runFor(12_000);
    expect(await visibleIds(page)).toEqual(start);
    // The touch stopped it as the pause button does; a tap on that button plays it again.
    const pause = page.getByTestId('carousel-pause');
    await expect(pause).toHaveAccessibleName(text('es', 'support', 'supporters.play'));
    await pause.tap();
    await expect(pause).toHaveAccessibleName(text('es', 'support', 'supporters.pause'));
    await page.mouse.move(1, 1);
    await settle(page);
    await page.clock.runFor(4000);
    await expect.poll(() => visibleIds(page)).toEqual([start[1], expect.any(String)]);
    await context.close();
  });

  for (const [width, visible] of [
    [1280, 4],
    [900, 3],
    [390, 2],
  ] as const) {
    test(`shows ${visible} logos at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/en/support-the-mission');
      await waitForHydration(page);
      await expect(page.getByTestId('supporter').filter({ visible: true })).toHaveCount(visible);
    });
  }

  test('a logo that fails to load is replaced by the supporter name', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/images/supporters/pixelplein.svg', (route) => route.abort());
    await page.goto('/en/support-the-mission');
    await waitForHydration(page);
    await page.getByTestId('supporters-carousel').scrollIntoViewIfNeeded();
    const item = page.locator('[data-supporter="pixelplein"]');
    await expect(item.getByTestId('logo-fallback')).toHaveText('Pixelplein');
    await expect(item.locator('img')).toHaveCount(0);
    // The others still show their logo.
    await expect(page.locator('[data-supporter="duinhost"] img')).toHaveCount(1);
  });

  test('does not move with prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClock(page, '/en/support-the-mission');
    const start = await visibleIds(page);
    await page.clock.runFor(20_000);
    expect(await visibleIds(page)).toEqual(start);
    await expect(page.getByTestId('carousel-pause')).toHaveCount(0);
    await expect(page.getByTestId('testimonial')).toHaveAttribute('data-index', '0');
  });
});

test.describe('testimonials', () => {
  test('rotate every 8 s with a 500 ms fade out, then in', async ({ page }) => {
    await openWithClock(page, '/en/support-the-mission', 'testimonials');
    const testimonial = page.getByTestId('testimonial');
    const items = [0, 1, 2].map((index) => text('en', 'support', `testimonials.items.${index}.quote`));
    await expect(testimonial).toContainText(items[0]);
    await expect(testimonial).toContainText(text('en', 'support', 'testimonials.anonymous'));
    expect(await testimonial.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0.5s');

    await page.clock.runFor(8000);
    await expect(testimonial).toHaveClass(/is-faded-out/);
    await expect(testimonial).toContainText(items[0]);
    await page.clock.runFor(500);
    await expect(testimonial).not.toHaveClass(/is-faded-out/);
    await expect(testimonial).toContainText(items[1]);

    await page.clock.runFor(8500);
    await expect(testimonial).toContainText(items[2]);
    await page.clock.runFor(8500);
    await expect(testimonial).toContainText(items[0]);
  });
});

test.describe('thank-you page', () => {
  const shareText = (language: Language, amount?: number) => {
    const mission = text(language, 'thankYou', 'share.mission');
    return amount === undefined
      ? text(language, 'thankYou', 'share.textWithoutAmount').replace('{{mission}}', mission)
      : text(language, 'thankYou', 'share.textWithAmount')
          .replace('{{amount}}', euro(amount, language))
          .replace('{{mission}}', mission);
  };

  for (const language of LANGUAGES) {
    test(`share text with and without amount (${language})`, async ({ page, baseURL }) => {
      const messages = collectConsole(page);
      await page.goto(`${ROUTES.thankYou[language]}?amount=25`);
      await waitForHydration(page);
      await expect(page.getByTestId('share-text')).toHaveText(shareText(language, 25));
      await expect(page.getByTestId('thank-you-message')).toContainText(euro(25, language));
      const tweet = new URL((await page.getByTestId('share-x').getAttribute('href'))!);
      expect(tweet.searchParams.get('text')).toBe(shareText(language, 25));
      expect(tweet.searchParams.get('url')).toBe(new URL(baseURL!).origin);
      for (const id of ['facebook', 'x', 'linkedin']) {
        await expect(page.getByTestId(`share-${id}`)).toHaveAttribute('target', '_blank');
        await expect(page.getByTestId(`share-${id}`)).toHaveAttribute('rel', /noopener/);
        await expect(page.getByTestId(`share-${id}`)).toHaveAttribute(
          'href',
          new RegExp(encodeURIComponent(new URL(baseURL!).origin)),
        );
      }
      await expect(page.getByTestId('back-home')).toHaveAttribute('href', ROUTES.home[language]);
      // Drawn in the page (it paints with the text), named for screen readers, its word of thanks in the language.
      const illustration = page.getByRole('img', { name: text(language, 'thankYou', 'imageAlt') });
      await expect(illustration).toHaveText(text(language, 'thankYou', 'imageText'));
      expect(messages.filter((message) => /hydrat/i.test(message))).toEqual([]);

      await page.goto(ROUTES.thankYou[language]);
      await waitForHydration(page);
      await expect(page.getByTestId('share-text')).toHaveText(shareText(language));
    });
  }

  for (const raw of ['abc', '-5', '0', '10000.01', '1e3', '25.555', '<b>9</b>']) {
    test(`ignores amount=${raw}`, async ({ page }) => {
      await page.goto(`/en/thank-you?amount=${encodeURIComponent(raw)}`);
      await waitForHydration(page);
      await expect(page.getByTestId('share-text')).toHaveText(shareText('en'));
    });
  }

  test('amount with cents', async ({ page }) => {
    await page.goto('/en/thank-you?amount=12.50');
    await waitForHydration(page);
    await expect(page.getByTestId('share-text')).toHaveText(shareText('en', 12.5));
  });

  test('no native share button where navigator.share is missing', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto('/en/thank-you?amount=25');
    await waitForHydration(page);
    await expect(page.getByTestId('share-x')).toBeVisible();
    await expect(page.getByTestId('share-native')).toHaveCount(0);
  });

  test('native share button where navigator.share exists, sharing text and origin', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    const messages = collectConsole(page);
    await page.goto('/es/gracias?amount=50');
    await waitForHydration(page);
    await page.getByTestId('share-native').click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    expect(calls).toEqual([
      { title: text('es', 'thankYou', 'title'), text: shareText('es', 50), url: new URL(baseURL!).origin },
    ]);
    expect(messages.filter((message) => /hydrat/i.test(message))).toEqual([]);
  });
});

test.describe('axe: content pages', () => {
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  for (const width of [390, 1280]) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
      for (const { page: pageId } of Object.values(CONTENT_PAGES)) {
        for (const language of LANGUAGES) {
          const path = pageId === 'thankYou' ? `${ROUTES[pageId][language]}?amount=25` : ROUTES[pageId][language];
          test(path, async ({ page }) => {
            await page.emulateMedia({ reducedMotion: 'reduce' }); // a still carousel: one stable state to check
            await page.goto(path);
            await waitForHydration(page);
            const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
            const summary = violations.map((violation) => ({
              id: violation.id,
              nodes: violation.nodes.map((node) => node.target.join(' ')),
            }));
            expect(summary).toEqual([]);
          });
        }
      }
    });
  }
});
