import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES, type Language } from '@stichting/contracts';
import { collectConsole, text, waitForHydration } from './site-helpers';
import { blockStripeJs, createdCheckoutSessions, stubTurnstile } from './support/stubs';

/** docs/product.md §2/§4/§5/§8: the donate page end to end, against the real server and the Stripe stand-in. */
const LANGUAGES: Language[] = ['nl', 'en', 'es'];
const t = (language: Language, key: string) => text(language, 'donate', key);

async function openDonate(page: Page, language: Language = 'en') {
  await stubTurnstile(page);
  await blockStripeJs(page);
  await page.goto(ROUTES.donate[language]);
  // The tiers and the custom box respond only once hydration has attached their handlers.
  await waitForHydration(page);
}

/** Collects alert texts (and accepts them). */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

const tiers = (page: Page) => page.locator('.donation-tier');
const customInput = (page: Page, language: Language) => page.getByLabel(t(language, 'monthly.custom.label'));
const customButton = (page: Page, language: Language) =>
  page.getByRole('button', { name: t(language, 'monthly.custom.button'), exact: true });
const emailInput = (page: Page, language: Language) =>
  page.getByRole('textbox', { name: t(language, 'monthly.details.email'), exact: false }).first();
const submitButton = (page: Page) => page.locator('.donation-form button[type="submit"]');

async function chooseTier(page: Page, index = 0) {
  await tiers(page).nth(index).click();
  await expect(page.locator('.donation-form')).toBeVisible();
}

async function sessionFor(email: string) {
  let found: Record<string, string> | undefined;
  await expect(async () => {
    found = (await createdCheckoutSessions()).find((session) => session.params.customer_email === email)?.params;
    expect(found).toBeDefined();
  }).toPass();
  return found!;
}

test.describe('monthly donation: tier -> details -> Stripe Checkout', () => {
  for (const language of LANGUAGES) {
    test(`${language}: the 250 tier redirects to Checkout with 25000 cents, EUR, monthly, ${language}`, async ({
      page,
    }) => {
      const alerts = collectAlerts(page);
      const email = `tier-${language}-${Date.now()}@example.org`;
      await openDonate(page, language);
      await chooseTier(page, 0);
      // Focus follows the view change to the form's heading; the chosen amount is shown.
      await expect(page.getByRole('heading', { name: t(language, 'monthly.details.title') })).toBeFocused();
      await expect(page.locator('.donation-form__summary')).toContainText('250');
      await emailInput(page, language).fill(email);
      await page.getByLabel(t(language, 'monthly.details.name')).fill('Ada Lovelace');
      await submitButton(page).click();
      await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
      await expect(page).toHaveTitle('Stripe Checkout (test stub)');
      expect(alerts).toEqual([]);

      const params = await sessionFor(email);
      expect(params['mode']).toBe('subscription');
      expect(params['line_items[0][price_data][unit_amount]']).toBe('25000');
      expect(params['line_items[0][price_data][currency]']).toBe('eur');
      expect(params['line_items[0][price_data][recurring][interval]']).toBe('month');
      expect(params['locale']).toBe(language);
      expect(new URL(params['success_url']).pathname).toBe(ROUTES.thankYou[language]);
      expect(new URL(params['success_url']).searchParams.get('amount')).toBe('250');
      expect(new URL(params['cancel_url']).pathname).toBe(ROUTES.donationCancelled[language]);
    });

    test(`${language}: a custom "7,50" becomes 750 cents`, async ({ page }) => {
      const alerts = collectAlerts(page);
      const email = `custom-${language}-${Date.now()}@example.org`;
      await openDonate(page, language);
      await customInput(page, language).fill('7,50');
      await customButton(page, language).click();
      await expect(page.getByRole('heading', { name: t(language, 'monthly.details.title') })).toBeFocused();
      await emailInput(page, language).fill(email);
      await submitButton(page).click();
      await expect(page).toHaveTitle('Stripe Checkout (test stub)');
      expect(alerts).toEqual([]);
      const params = await sessionFor(email);
      expect(params['line_items[0][price_data][unit_amount]']).toBe('750');
      expect(params['locale']).toBe(language);
      expect(new URL(params['success_url']).searchParams.get('amount')).toBe('7.50');
    });

    test(`${language}: a custom amount below €5 or not a number shows the exact alert`, async ({ page }) => {
      const alerts = collectAlerts(page);
      await openDonate(page, language);
      for (const value of ['4,99', 'abc', '']) {
        await customInput(page, language).fill(value);
        await customButton(page, language).click();
        await expect.poll(() => alerts.length).toBeGreaterThan(0);
      }
      await expect.poll(() => alerts.length).toBe(3);
      const expected = {
        nl: 'Voer een geldig bedrag in (minimum €5)',
        en: 'Please enter a valid amount (minimum €5)',
        es: 'Por favor ingresa un monto válido (mínimo €5)',
      }[language];
      expect(alerts).toEqual([expected, expected, expected]);
      await expect(page.locator('.donation-form')).toHaveCount(0);
    });
  }
});

test.describe('details form', () => {
  test('platform only for social media, referrer name only for "yes", no referral default; Back clears everything', async ({
    page,
  }) => {
    await openDonate(page, 'en');
    await customInput(page, 'en').fill('12');
    await customButton(page, 'en').click();
    await expect(page.locator('.donation-form__summary')).toHaveText('You give €12 per month');

    const source = page.getByLabel('How did you hear about us?');
    const platform = page.getByLabel('Which platform?');
    await expect(platform).toHaveCount(0);
    await source.selectOption('social_media');
    await expect(platform).toBeVisible();
    await platform.selectOption('tiktok');
    await source.selectOption('newsletter');
    await expect(platform).toHaveCount(0);
    await source.selectOption('social_media');

    const yes = page.getByRole('radio', { name: 'Yes' });
    const no = page.getByRole('radio', { name: 'No' });
    await expect(yes).not.toBeChecked();
    await expect(no).not.toBeChecked();
    const referrerName = page.getByLabel('Name of the person who referred you');
    await expect(referrerName).toHaveCount(0);
    await yes.check();
    await referrerName.fill('Grace');
    await no.check();
    await expect(referrerName).toHaveCount(0);
    await yes.check();
    await referrerName.fill('Grace');

    await emailInput(page, 'en').fill('back@example.org');
    await page.getByLabel('Name', { exact: false }).first().fill('Ada');
    await page.getByLabel(/^Message/).fill('Hello');
    await page.getByLabel('Email address of the person who referred you').fill('grace@example.org');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.locator('.donation-form')).toHaveCount(0);
    await expect(customInput(page, 'en')).toHaveValue('');
    await expect(tiers(page).first()).toBeFocused();

    await tiers(page).first().click();
    await expect(emailInput(page, 'en')).toHaveValue('');
    await expect(page.getByLabel(/^Message/)).toHaveValue('');
    await expect(source).toHaveValue('');
    await expect(platform).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'No' })).not.toBeChecked();
    await expect(referrerName).toHaveCount(0);
    await expect(page.getByLabel('Email address of the person who referred you')).toHaveValue('');
  });

  test('the email address is required before anything is sent', async ({ page }) => {
    let posts = 0;
    await page.route('**/api/create-checkout-session', (route) => {
      posts += 1;
      return route.continue();
    });
    await openDonate(page, 'en');
    await chooseTier(page, 1);
    await submitButton(page).click();
    await expect(emailInput(page, 'en')).toHaveJSProperty('validity.valueMissing', true);
    expect(posts).toBe(0);
  });
});

test.describe('checkout errors (docs/product.md §8)', () => {
  const cases: Array<{ name: string; status: number; contentType: string; body: string; message: string }> = [
    {
      name: '502 JSON error',
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Payment provider unavailable' }),
      message: 'Payment provider unavailable',
    },
    {
      name: '400 JSON without error',
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false }),
      message: 'Failed to create checkout session',
    },
    {
      name: '500 text/plain',
      status: 500,
      contentType: 'text/plain',
      body: 'Internal Server Error',
      message: 'Server returned 500 with non-JSON response',
    },
    {
      name: '200 text/plain',
      status: 200,
      contentType: 'text/plain',
      body: 'ok',
      message: 'Server returned non-JSON response',
    },
    {
      name: '200 {}',
      status: 200,
      contentType: 'application/json',
      body: '{}',
      message: 'No checkout URL received from server',
    },
  ];

  for (const { name, status, contentType, body, message } of cases) {
    test(`${name}: alert, processing shown then cleared`, async ({ page }) => {
      const alerts = collectAlerts(page);
      let sent: Record<string, unknown> | undefined;
      await page.route('**/api/create-checkout-session', async (route) => {
        sent = route.request().postDataJSON() as Record<string, unknown>;
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ status, contentType, body });
      });
      await openDonate(page, 'en');
      await chooseTier(page, 2);
      await emailInput(page, 'en').fill('error@example.org');
      await submitButton(page).click();
      await expect(submitButton(page)).toBeDisabled();
      await expect(submitButton(page)).toHaveText('Processing...');
      await expect.poll(() => alerts).toEqual([`Error processing donation: ${message}. Please try again later.`]);
      await expect(submitButton(page)).toBeEnabled();
      await expect(submitButton(page)).toHaveText('Continue to secure payment');
      await expect(page).toHaveURL(/\/en\/donate$/);
      // docs/product.md §7: the whole payload, empty strings for absent values, the Turnstile token included.
      expect(sent).toEqual({
        amount: 1000,
        name: '',
        email: 'error@example.org',
        message: '',
        source: '',
        platform: '',
        referral: '',
        referrerName: '',
        referrerEmail: '',
        language: 'en',
        turnstileToken: 'test-pass-token.donate',
      });
    });
  }

  test('nl and es wrap the message in their own sentence; the processing text is translated', async ({ page }) => {
    const alerts = collectAlerts(page);
    await page.route('**/api/create-checkout-session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Stripe down"}' });
    });
    for (const language of ['nl', 'es'] as const) {
      await openDonate(page, language);
      await chooseTier(page, 0);
      await emailInput(page, language).fill('error@example.org');
      await submitButton(page).click();
      await expect(submitButton(page)).toHaveText(t(language, 'monthly.details.processing'));
      await expect(submitButton(page)).toBeEnabled();
    }
    expect(alerts).toEqual([
      'Fout bij het verwerken van je donatie: Stripe down. Probeer het later opnieuw.',
      'Error al procesar la donación: Stripe down. Por favor, inténtalo de nuevo más tarde.',
    ]);
    expect(t('nl', 'monthly.details.processing')).toBe('Verwerken...');
    expect(t('es', 'monthly.details.processing')).toBe('Procesando...');
  });

  test('a real 400 from the server (invalid email address) is alerted with its message', async ({ page }) => {
    const alerts = collectAlerts(page);
    await openDonate(page, 'en');
    await chooseTier(page, 0);
    // type=email lets "a@b" through the browser check; the server refuses it.
    await emailInput(page, 'en').fill('a@b');
    await submitButton(page).click();
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toMatch(/^Error processing donation: .+\. Please try again later\.$/);
    await expect(submitButton(page)).toBeEnabled();
  });
});

test.describe('other ways to support', () => {
  for (const language of LANGUAGES) {
    test(`${language}: four cards open the contact page with subject and message, one the periodic gift`, async ({
      page,
    }) => {
      await openDonate(page, language);
      for (const id of ['gifts', 'sponsoring', 'legacy', 'connect']) {
        const link = page.getByRole('link', { name: t(language, `support.cards.${id}.button`) });
        const href = new URL((await link.getAttribute('href'))!, 'http://x');
        expect(href.pathname).toBe(ROUTES.contact[language]);
        expect(href.searchParams.get('subject')).toBe(t(language, `support.cards.${id}.subject`));
        expect(href.searchParams.get('message')).toBe(t(language, `support.cards.${id}.message`));
      }
      // docs/product.md §4.9: the periodic card leads to the periodic gift's own page and form.
      const periodic = page.getByRole('link', { name: t(language, 'support.cards.periodic.button') });
      await expect(periodic).toHaveAttribute('href', ROUTES.periodicGift[language]);
      const others = page.getByRole('link', { name: t(language, 'support.cards.others.button') });
      await expect(others).toHaveAttribute('href', ROUTES.volunteer[language]);

      await page.getByRole('link', { name: t(language, 'support.cards.legacy.button') }).click();
      await expect(page).toHaveURL((url) => url.pathname === ROUTES.contact[language]);
      expect(new URL(page.url()).searchParams.get('subject')).toBe(t(language, 'support.cards.legacy.subject'));
    });
  }
});

test.describe('Stripe.js (docs/product.md §7)', () => {
  test('loads in the background, async, after hydration', async ({ page }) => {
    await stubTurnstile(page);
    let requested = 0;
    await page.route('https://js.stripe.com/**', (route) => {
      requested += 1;
      return route.fulfill({ contentType: 'application/javascript', body: 'window.Stripe = function () {};' });
    });
    await page.goto('/en/donate');
    await expect.poll(() => page.evaluate(() => typeof (window as { Stripe?: unknown }).Stripe)).toBe('function');
    const script = page.locator('script[src="https://js.stripe.com/basil/stripe.js"]');
    await expect(script).toHaveCount(1);
    expect(await script.evaluate((element: HTMLScriptElement) => element.async)).toBe(true);
    expect(requested).toBe(1);
  });

  test('when it cannot load, the page hydrates cleanly and still works, showing no error', async ({ page }) => {
    const messages = collectConsole(page);
    const alerts = collectAlerts(page);
    await openDonate(page, 'en'); // blocks Stripe.js
    await page.waitForTimeout(1500); // let the idle-time load attempt fail
    await chooseTier(page, 0);
    await emailInput(page, 'en').fill(`blocked-${Date.now()}@example.org`);
    await submitButton(page).click();
    await expect(page).toHaveTitle('Stripe Checkout (test stub)');
    expect(alerts).toEqual([]);
    // Only the failed Stripe.js download and our own note about it reach the console: no hydration mismatch.
    expect(
      messages.filter((message) => !/js\.stripe\.com|ERR_FAILED|Stripe\.js could not be loaded/.test(message)),
    ).toEqual([]);
  });
});

test.describe('layout by width (docs/product.md §4)', () => {
  for (const [width, visibleTiers] of [
    [390, 5],
    [800, 4],
    [1280, 5],
  ] as const) {
    test(`${width} px shows ${visibleTiers} tiers plus the custom box`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDonate(page, 'nl');
      await expect(tiers(page)).toHaveCount(5);
      for (let index = 0; index < 5; index += 1) {
        if (index < visibleTiers) await expect(tiers(page).nth(index)).toBeVisible();
        else await expect(tiers(page).nth(index)).toBeHidden();
      }
      await expect(customInput(page, 'nl')).toBeVisible();
    });
  }
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const width of [390, 1280]) {
    test(`${width} px: option list and details form have no violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDonate(page, 'en');
      const scan = () =>
        new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect((await scan()).violations).toEqual([]);
      await chooseTier(page, 0);
      await page.getByLabel('How did you hear about us?').selectOption('social_media');
      await page.getByRole('radio', { name: 'Yes' }).check();
      expect((await scan()).violations).toEqual([]);
    });
  }

  test('the tiers and the custom amount work by keyboard', async ({ page }) => {
    await openDonate(page, 'en');
    await tiers(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.donation-form__summary')).toHaveText('You give €500 per month');
    await page.getByRole('button', { name: 'Back' }).press('Enter');
    await customInput(page, 'en').fill('25.50');
    await customInput(page, 'en').press('Enter');
    await expect(page.locator('.donation-form__summary')).toHaveText('You give €25.50 per month');
  });
});
