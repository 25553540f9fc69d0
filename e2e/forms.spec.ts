import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FOUNDATION, ROUTES, STAFF_SUBJECTS, type Language } from '@stichting/contracts';
import { receivedMail, stubTurnstile } from './support/stubs';
import { text, waitForHydration } from './site-helpers';

const LANGUAGES: Language[] = ['nl', 'en', 'es'];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** docs/product.md §8: the error panel heading per language. */
const ERROR_HEADING: Record<Language, string> = {
  nl: 'Fout bij het verzenden van het formulier',
  en: 'Error submitting form',
  es: 'Error al enviar el formulario',
};

const v = (language: Language, key: string) => text(language, 'volunteer', key);
const c = (language: Language, key: string) => text(language, 'contact', key);
const p = (language: Language, key: string) => text(language, 'periodicGift', key);
const h = (language: Language, key: string) => text(language, 'getHelp', key);

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** A form control by its label text, with or without the required marker or the optional note. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByLabel(new RegExp(`^${escaped}( \\*| \\(.*\\))?$`))
    .and(page.locator(':not([type=radio]):not([type=checkbox])'));
}

async function open(page: Page, path: string): Promise<void> {
  await stubTurnstile(page);
  await page.goto(path);
  await waitForHydration(page);
}

/** The staff notification for a submission reaches the SMTP server (the worker sends after the commit). */
async function expectMailAbout(address: string, subject: string): Promise<void> {
  await expect
    .poll(async () => (await receivedMail()).some((mail) => mail.raw.includes(address) && mail.subject === subject), {
      timeout: 20_000,
    })
    .toBe(true);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) })),
  ).toEqual([]);
}

async function fillContact(page: Page, language: Language, email: string): Promise<void> {
  await field(page, c(language, 'form.name')).fill('Anna de Vries');
  await field(page, c(language, 'form.email')).fill(email);
  await field(page, c(language, 'form.subject')).fill('Samenwerking');
  await field(page, c(language, 'form.message')).fill('Hallo, ik wil graag meer weten.');
}

async function fillHelp(page: Page, language: Language, email: string): Promise<void> {
  await field(page, h(language, 'form.name')).fill('Maria Lopez');
  await field(page, h(language, 'form.email')).fill(email);
  await field(page, h(language, 'form.phone')).fill('+31 6 12345678');
  await field(page, h(language, 'form.location')).fill('Den Helder');
  await field(page, h(language, 'form.familySize')).fill('4');
  await field(page, h(language, 'form.description')).fill('We need help with groceries this month.');
}

/** Remote + admin, then Start application: the shortest way to the volunteer form. */
async function openVolunteerForm(page: Page, language: Language): Promise<void> {
  await page.getByRole('radio', { name: v(language, 'steps.location.remote.title'), exact: true }).check();
  await page.getByRole('radio', { name: v(language, 'categories.admin.title'), exact: true }).check();
  await page.getByRole('button', { name: v(language, 'steps.apply.button') }).click();
  await expect(page.getByRole('heading', { name: v(language, 'form.title') })).toBeVisible();
}

async function fillVolunteer(page: Page, language: Language, email: string): Promise<void> {
  await field(page, v(language, 'form.firstName')).fill('Sam');
  await field(page, v(language, 'form.lastName')).fill('Jansen');
  await field(page, v(language, 'form.email')).fill(email);
  await field(page, v(language, 'form.availability')).selectOption('2-5-hours');
  await field(page, v(language, 'form.motivation')).fill('I would love to help families.');
  await page.getByRole('radio', { name: v(language, 'form.contactOptions.email'), exact: true }).check();
  await page.getByRole('checkbox', { name: v(language, 'form.skillOptions.design'), exact: true }).check();
  await page.getByRole('checkbox', { name: v(language, 'form.languageOptions.english'), exact: true }).check();
}

test.describe('each form, each language: empty page to thank-you panel, email received', () => {
  for (const language of LANGUAGES) {
    test(`contact (${language})`, async ({ page }) => {
      await open(page, ROUTES.contact[language]);
      const email = uniqueEmail(`contact-${language}`);
      await fillContact(page, language, email);
      await page.getByRole('button', { name: c(language, 'form.submit') }).click();
      await expect(page.getByRole('heading', { name: c(language, 'success.title') })).toBeVisible();
      await expect(page.getByText(c(language, 'success.text'))).toBeVisible();
      await expectMailAbout(email, STAFF_SUBJECTS.contact);
      // fields reset to their defaults behind the panel
      await page.getByRole('button', { name: c(language, 'success.again') }).click();
      await expect(field(page, c(language, 'form.name'))).toHaveValue('');
    });

    test(`get help (${language})`, async ({ page }) => {
      await open(page, ROUTES.getHelp[language]);
      await expect(page.getByRole('heading', { name: h(language, 'form.title') })).toBeVisible();
      await expect(field(page, h(language, 'form.helpType'))).toHaveValue('food');
      await expect(field(page, h(language, 'form.preferredContact'))).toHaveValue('email');
      await expect(field(page, h(language, 'form.phone'))).toHaveAttribute('type', 'tel');
      await expect(page.getByRole('link', { name: h(language, 'privacy.link') })).toHaveAttribute(
        'href',
        FOUNDATION.documents.privacy[language],
      );
      const email = uniqueEmail(`help-${language}`);
      await fillHelp(page, language, email);
      await page.getByRole('button', { name: h(language, 'form.submit') }).click();
      await expect(page.getByRole('heading', { name: h(language, 'success.title') })).toBeVisible();
      await expectMailAbout(email, STAFF_SUBJECTS['help-request']);
    });

    test(`volunteer (${language})`, async ({ page }) => {
      await open(page, ROUTES.volunteer[language]);
      await openVolunteerForm(page, language);
      await expect(field(page, v(language, 'form.location'))).toBeDisabled();
      await expect(field(page, v(language, 'form.category'))).toHaveValue('admin');
      await expect(page.getByText(v(language, 'form.promise'))).toBeVisible();
      const email = uniqueEmail(`volunteer-${language}`);
      await fillVolunteer(page, language, email);
      await page.getByRole('button', { name: v(language, 'form.submit') }).click();
      await expect(page.getByRole('heading', { name: v(language, 'success.title') })).toBeVisible();
      await expectMailAbout(email, STAFF_SUBJECTS.volunteer);
    });
  }
});

test.describe('volunteer steps (docs/product.md §4)', () => {
  test.use({ reducedMotion: 'reduce' });
  const categoryRadios = (page: Page) => page.locator('input[name="volunteer-category"]');

  test('6 / 10 / 8 categories, clearing on change, hints', async ({ page }) => {
    const en = 'en';
    await open(page, ROUTES.volunteer.en);
    const hint = page.locator('.form-hint--warning');
    await expect(hint).toHaveText(v(en, 'steps.hints.selectLocation'));

    await page.getByRole('radio', { name: v(en, 'steps.location.remote.title'), exact: true }).check();
    await expect(categoryRadios(page)).toHaveCount(6);
    await expect(page.getByRole('group', { name: v(en, 'steps.dutch.title') })).toHaveCount(0);
    await expect(hint).toHaveText(v(en, 'steps.hints.selectCategory'));

    await page.getByRole('radio', { name: v(en, 'categories.tech.title'), exact: true }).check();
    await expect(hint).toHaveCount(0);
    await expect(page.getByRole('button', { name: v(en, 'steps.apply.button') })).toBeVisible();

    // changing the location clears the category (and there is no Dutch answer yet): no list until answered
    await page.getByRole('radio', { name: v(en, 'steps.location.local.title'), exact: true }).check();
    await expect(categoryRadios(page)).toHaveCount(0);
    await expect(page.locator('.volunteer-step__waiting')).toHaveText(v(en, 'steps.category.waiting'));
    await expect(hint).toHaveText(v(en, 'steps.hints.dutchRequired'));

    await page.getByRole('radio', { name: v(en, 'steps.dutch.yes'), exact: true }).check();
    await expect(categoryRadios(page)).toHaveCount(10);
    await page.getByRole('radio', { name: v(en, 'categories.community-engagement.title'), exact: true }).check();
    await expect(hint).toHaveCount(0);

    // changing the Dutch answer clears the category
    await page.getByRole('radio', { name: v(en, 'steps.dutch.no'), exact: true }).check();
    await expect(categoryRadios(page)).toHaveCount(8);
    await expect(categoryRadios(page).filter({ has: page.locator(':checked') })).toHaveCount(0);
    await expect(page.locator('input[name="volunteer-category"]:checked')).toHaveCount(0);
    await expect(page.locator('input[value="practical-help"]')).toHaveCount(1);
    await expect(page.locator('input[value="customer-support"]')).toHaveCount(0);
    await expect(hint).toHaveText(v(en, 'steps.hints.selectCategory'));

    // back to remote clears the Dutch answer: local again asks the question afresh
    await page.getByRole('radio', { name: v(en, 'steps.location.remote.title'), exact: true }).check();
    await page.getByRole('radio', { name: v(en, 'steps.location.local.title'), exact: true }).check();
    await expect(page.locator('input[name="volunteer-dutch"]:checked')).toHaveCount(0);
  });

  test('the steps are keyboard operable radio groups', async ({ page }) => {
    await open(page, ROUTES.volunteer.en);
    const remote = page.getByRole('radio', { name: v('en', 'steps.location.remote.title'), exact: true });
    await remote.focus();
    await page.keyboard.press('Space');
    await expect(remote).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: v('en', 'steps.location.local.title'), exact: true })).toBeChecked();
    await expect(page.getByRole('group', { name: v('en', 'steps.dutch.title') })).toBeVisible();
  });

  const topOf = (page: Page, id: string) =>
    page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

  test('start application scrolls to the first missing step, then opens the form at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, ROUTES.volunteer.en);
    await page
      .locator('.hero')
      .getByRole('button', { name: v('en', 'hero.signUp') })
      .click();
    await expect.poll(() => topOf(page, 'volunteer-step-location')).toBeLessThan(150);
    await expect(page.getByRole('radio', { name: v('en', 'steps.location.remote.title'), exact: true })).toBeFocused();

    await page.getByRole('radio', { name: v('en', 'steps.location.local.title'), exact: true }).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .locator('.hero')
      .getByRole('button', { name: v('en', 'hero.signUp') })
      .click();
    await expect.poll(() => topOf(page, 'volunteer-step-dutch')).toBeLessThan(150);
    await expect.poll(() => topOf(page, 'volunteer-step-dutch')).toBeGreaterThanOrEqual(0);

    await page.getByRole('radio', { name: v('en', 'steps.dutch.no'), exact: true }).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .locator('.hero')
      .getByRole('button', { name: v('en', 'hero.signUp') })
      .click();
    await expect.poll(() => topOf(page, 'volunteer-step-category')).toBeLessThan(150);

    await page.getByRole('radio', { name: v('en', 'categories.child-pet-support.title'), exact: true }).check();
    // the banner's sign-up button starts the application too; complete -> form, page at the top
    await page
      .locator('.section--accent')
      .getByRole('button', { name: v('en', 'hero.signUp') })
      .click();
    await expect(page.getByRole('heading', { name: v('en', 'form.title') })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByText(v('en', 'banner.title'))).toHaveCount(0);
    await expect(field(page, v('en', 'form.category'))).toHaveValue('child-pet-support');
    await expect(field(page, v('en', 'form.motivation'))).toHaveAttribute('rows', '4');
    await expect(
      page.getByRole('radio', { name: v('en', 'form.contactOptions.email'), exact: true }),
    ).not.toBeChecked();

    // back to the steps: choices kept, steps scrolled into view
    await page.getByRole('button', { name: v('en', 'form.back') }).click();
    await expect.poll(() => topOf(page, 'volunteer-steps')).toBeLessThan(150);
    await expect(
      page.getByRole('radio', { name: v('en', 'categories.child-pet-support.title'), exact: true }),
    ).toBeChecked();
  });

  test('below 1024 px each choice scrolls to the next section after 300 ms; not on desktop', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, ROUTES.volunteer.nl);
    // Timed inside the page, from the click to the first move away from where the page was then, so neither a slow
    // test process nor the scroll event of bringing the radio into view can make it look early.
    const local = page.getByRole('radio', { name: v('nl', 'steps.location.local.title'), exact: true });
    await local.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const timing: { click?: number; clickY?: number; scroll?: number } = {};
      (window as unknown as { scrollTiming: typeof timing }).scrollTiming = timing;
      const onClick = () => {
        timing.click = performance.now();
        timing.clickY = window.scrollY;
      };
      window.addEventListener('click', onClick, { capture: true, once: true });
      window.addEventListener('scroll', () => {
        if (timing.click !== undefined && window.scrollY !== timing.clickY) timing.scroll ??= performance.now();
      });
    });
    await local.check();
    await expect.poll(() => topOf(page, 'volunteer-step-dutch')).toBeLessThan(150);
    const timing = await page.evaluate(
      () => (window as unknown as { scrollTiming: { click: number; scroll: number } }).scrollTiming,
    );
    expect(timing.scroll - timing.click).toBeGreaterThanOrEqual(295); // not at once: the delay is 300 ms

    await page.getByRole('radio', { name: v('nl', 'steps.dutch.yes'), exact: true }).check();
    await expect.poll(() => topOf(page, 'volunteer-step-category')).toBeLessThan(150);
    await page.getByRole('radio', { name: v('nl', 'categories.hr.title'), exact: true }).check();
    await expect.poll(() => topOf(page, 'volunteer-step-apply')).toBeLessThan(150);

    await page.getByRole('button', { name: v('nl', 'steps.apply.button') }).click();
    await expect(field(page, v('nl', 'form.motivation'))).toHaveAttribute('rows', '3');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(ROUTES.volunteer.nl);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.getByRole('radio', { name: v('nl', 'steps.location.remote.title'), exact: true }).check();
    const desktopBefore = await page.evaluate(() => window.scrollY);
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => window.scrollY)).toBe(desktopBefore);
  });

  test('a skill and a language are required; view opportunities scrolls to the steps', async ({ page }) => {
    await open(page, ROUTES.volunteer.en);
    await page.getByRole('button', { name: v('en', 'hero.viewOpportunities') }).click();
    await expect.poll(() => topOf(page, 'volunteer-steps')).toBeLessThan(150);
    await openVolunteerForm(page, 'en');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/send-email')) posted = true;
    });
    await fillVolunteer(page, 'en', uniqueEmail('no-skill'));
    await page.getByRole('checkbox', { name: v('en', 'form.skillOptions.design'), exact: true }).uncheck();
    await page.getByRole('button', { name: v('en', 'form.submit') }).click();
    const validity = await page
      .locator('input[name="skills"]')
      .first()
      .evaluate((input: HTMLInputElement) => input.validationMessage);
    expect(validity).toBe(v('en', 'form.selectSkill'));
    expect(posted).toBe(false);
  });
});

test.describe('failures keep the input and explain', () => {
  test('503 from the API: error panel, message, input kept (nl)', async ({ page }) => {
    await open(page, ROUTES.contact.nl);
    await page.route('**/api/send-email', (route) =>
      route.fulfill({ status: 503, json: { success: false, error: 'Database unavailable' } }),
    );
    const email = uniqueEmail('fail-503');
    await fillContact(page, 'nl', email);
    await page.getByRole('button', { name: c('nl', 'form.submit') }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: ERROR_HEADING.nl })).toBeVisible();
    await expect(alert).toContainText('tijdelijk niet beschikbaar');
    await expect(field(page, c('nl', 'form.email'))).toHaveValue(email);
    await expect(field(page, c('nl', 'form.message'))).toHaveValue('Hallo, ik wil graag meer weten.');
    await expect(page.getByRole('button', { name: c('nl', 'form.submit') })).toBeEnabled();
  });

  test('network failure: error panel with "could not reach the server" (es), input kept', async ({ page }) => {
    await open(page, ROUTES.getHelp.es);
    await page.route('**/api/send-email', (route) => route.abort('failed'));
    const email = uniqueEmail('fail-network');
    await fillHelp(page, 'es', email);
    await page.getByRole('button', { name: h('es', 'form.submit') }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: ERROR_HEADING.es })).toBeVisible();
    await expect(alert).toContainText('No pudimos conectar con el servidor');
    await expect(field(page, h('es', 'form.email'))).toHaveValue(email);
    await expect(field(page, h('es', 'form.familySize'))).toHaveValue('4');
  });

  test('server field errors are shown on their inputs (volunteer, en)', async ({ page }) => {
    await open(page, ROUTES.volunteer.en);
    await openVolunteerForm(page, 'en');
    await page.route('**/api/send-email', (route) =>
      route.fulfill({
        status: 400,
        json: { success: false, error: 'Validation failed', fields: { 'formData.email': 'email must be an email' } },
      }),
    );
    await fillVolunteer(page, 'en', uniqueEmail('field-error'));
    await page.getByRole('button', { name: v('en', 'form.submit') }).click();
    await expect(page.getByRole('alert')).toContainText('check the highlighted fields');
    const email = field(page, v('en', 'form.email'));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('email must be an email');
  });

  // The browser lets these through (a text input takes a tab, a tel input any text); the server refuses them and
  // the page shows its reason in the page's own language, from the error code, under the input.
  test('a field the server refuses is explained in Dutch (contact, nl)', async ({ page }) => {
    await open(page, ROUTES.contact.nl);
    const email = uniqueEmail('field-code-nl');
    await fillContact(page, 'nl', email);
    await field(page, c('nl', 'form.name')).fill('Anna\tde Vries');
    await page.getByRole('button', { name: c('nl', 'form.submit') }).click();
    await expect(page.getByRole('alert')).toContainText('Controleer de gemarkeerde velden');
    await expect(page.getByRole('alert')).not.toContainText('Some fields');
    const name = field(page, c('nl', 'form.name'));
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Gebruik één regel, zonder tabs of andere speciale tekens.');
    await expect(field(page, c('nl', 'form.email'))).toHaveValue(email);
  });

  test('a field the server refuses is explained in Spanish (get help, es)', async ({ page }) => {
    await open(page, ROUTES.getHelp.es);
    await fillHelp(page, 'es', uniqueEmail('field-code-es'));
    await field(page, h('es', 'form.phone')).fill('llámame por la tarde');
    await page.getByRole('button', { name: h('es', 'form.submit') }).click();
    await expect(page.getByRole('alert')).toContainText('Revisa los campos marcados');
    const phone = field(page, h('es', 'form.phone'));
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription('Introduce un número de teléfono válido (al menos seis cifras).');
    await expect(field(page, h('es', 'form.name'))).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('Turnstile failure shows "Security verification failed" with the reason; nothing is sent', async ({ page }) => {
    await stubTurnstile(page, { mode: 'fail' });
    await page.goto(ROUTES.contact.en);
    await waitForHydration(page);
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/send-email')) posted = true;
    });
    await fillContact(page, 'en', uniqueEmail('turnstile-fail'));
    await page.getByRole('button', { name: c('en', 'form.submit') }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Security verification failed' })).toBeVisible();
    await expect(alert).toContainText('Turnstile failed to load');
    expect(posted).toBe(false);
    await expect(field(page, c('en', 'form.name'))).toHaveValue('Anna de Vries');
  });

  test('Turnstile script unreachable: "Failed to load Turnstile script"', async ({ page }) => {
    await stubTurnstile(page, { mode: 'unavailable' });
    await page.goto(ROUTES.getHelp.en);
    await waitForHydration(page);
    await fillHelp(page, 'en', uniqueEmail('turnstile-down'));
    await page.getByRole('button', { name: h('en', 'form.submit') }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to load Turnstile script');
  });

  // docs/product.md §8.3: the heading, the reason and the hint all in the page's language.
  for (const [language, heading, reason] of [
    ['nl', 'Beveiligingsverificatie mislukt', 'Het script van de beveiligingscontrole kon niet worden geladen'],
    ['es', 'La verificación de seguridad ha fallado', 'No se pudo cargar el script de la verificación de seguridad'],
  ] as const) {
    test(`Turnstile script unreachable on a ${language} page: the reason in ${language}, no English`, async ({
      page,
    }) => {
      await stubTurnstile(page, { mode: 'unavailable' });
      await page.goto(ROUTES.getHelp[language]);
      await waitForHydration(page);
      await fillHelp(page, language, uniqueEmail(`turnstile-down-${language}`));
      await page.getByRole('button', { name: h(language, 'form.submit') }).click();
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('heading', { name: heading })).toBeVisible();
      await expect(alert).toContainText(reason);
      await expect(alert).not.toContainText('Turnstile');
    });
  }
});

test.describe('Turnstile', () => {
  test('loads on the first interaction only, invisible, in the page language; reset after each submission', async ({
    page,
  }) => {
    const scriptRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://challenges.cloudflare.com/')) scriptRequests.push(request.url());
    });
    await open(page, ROUTES.contact.es);
    await page.waitForTimeout(300);
    expect(scriptRequests).toEqual([]);
    await field(page, c('es', 'form.name')).focus();
    await expect.poll(() => scriptRequests.length).toBe(1);
    expect(scriptRequests[0]).toContain('render=explicit');

    await fillContact(page, 'es', uniqueEmail('turnstile-es'));
    await page.getByRole('button', { name: c('es', 'form.submit') }).click();
    await expect(page.getByRole('heading', { name: c('es', 'success.title') })).toBeVisible();
    const options = await page.evaluate(() => {
      const w = window as unknown as { __turnstileLastOptions: Record<string, unknown>; __turnstileResets: number };
      return { ...w.__turnstileLastOptions, resets: w.__turnstileResets };
    });
    expect(options).toMatchObject({
      sitekey: 'test-site-key-0001',
      execution: 'execute',
      appearance: 'interaction-only',
      language: 'es-es',
      action: 'contact',
      resets: 1,
    });
  });
});

test.describe('typing before the page has hydrated', () => {
  /** Holds the hydration module back until `release()`, as on a slow connection. */
  async function holdHydration(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/hydrate-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

  test('text typed while the script loads is kept and sent (contact, nl)', async ({ page }) => {
    await stubTurnstile(page);
    const release = await holdHydration(page);
    await page.goto(ROUTES.contact.nl);
    const email = uniqueEmail('contact-early');
    await fillContact(page, 'nl', email);
    expect(await hydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(field(page, c('nl', 'form.name'))).toHaveValue('Anna de Vries');
    await page.getByRole('button', { name: c('nl', 'form.submit') }).click();
    await expect(page.getByRole('heading', { name: c('nl', 'success.title') })).toBeVisible();
    await expectMailAbout(email, STAFF_SUBJECTS.contact);
  });

  test('radio buttons chosen while the script loads count (volunteer steps, en)', async ({ page }) => {
    const release = await holdHydration(page);
    await page.goto(ROUTES.volunteer.en);
    const local = page.getByRole('radio', { name: v('en', 'steps.location.local.title'), exact: true });
    await local.check();
    expect(await hydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    // The steps go on from the choice: the next one shows, and the application opens with it.
    const dutch = page.getByRole('radio', { name: v('en', 'steps.dutch.yes'), exact: true });
    await expect(dutch).toBeVisible();
    await dutch.check();
    await page.getByRole('radio', { name: v('en', 'categories.education.title'), exact: true }).check();
    await expect(local).toBeChecked();
    await page.getByRole('button', { name: v('en', 'steps.apply.button') }).click();
    await expect(page.getByRole('heading', { name: v('en', 'form.title') })).toBeVisible();
  });

  test('checkboxes ticked while the script loads count (periodic gift, nl)', async ({ page }) => {
    const release = await holdHydration(page);
    await page.goto(ROUTES.periodicGift.nl);
    const partner = page.getByRole('checkbox', { name: p('nl', 'form.hasPartner') });
    const jobLoss = page.getByRole('checkbox', { name: p('nl', 'form.clause.jobLoss') });
    await partner.check();
    await jobLoss.check();
    expect(await hydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    // The form's state has both: the partner's fields show, and the next tick re-renders the box as still ticked.
    await expect(page.getByRole('group', { name: p('nl', 'form.partner') })).toBeVisible();
    await page.getByRole('checkbox', { name: p('nl', 'form.clause.disability') }).check();
    await expect(jobLoss).toBeChecked();
    await expect(partner).toBeChecked();
  });
});

test.describe('contact page', () => {
  test('subject and message query parameters pre-fill the form', async ({ page }) => {
    await open(
      page,
      `${ROUTES.contact.en}?subject=${encodeURIComponent('Legacy gift')}&message=${encodeURIComponent('I would like to know more.')}`,
    );
    await expect(field(page, c('en', 'form.subject'))).toHaveValue('Legacy gift');
    await expect(field(page, c('en', 'form.message'))).toHaveValue('I would like to know more.');
    await expect(field(page, c('en', 'form.name'))).toHaveValue('');
  });

  for (const language of ['nl', 'en'] as const) {
    test(`the email address is blurred until clicked (${language})`, async ({ page }) => {
      await open(page, ROUTES.contact[language]);
      const address = language === 'nl' ? FOUNDATION.emails.nl : FOUNDATION.emails.other;
      await expect(page.getByRole('link', { name: address })).toHaveCount(0);
      await expect(page.locator('.contact-info__blurred')).toHaveCSS('filter', /blur/);
      await page.getByRole('button', { name: c(language, 'info.revealEmail') }).click();
      await expect(page.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
      await expect(page.locator('.contact-info address')).toContainText('Den Helder');
      await expect(page.locator('.contact-info__company')).toContainText(FOUNDATION.kvk);
      await expect(page.locator('.contact-info__company')).toContainText(FOUNDATION.rsin);
    });
  }
});

for (const width of [390, 1280]) {
  test.describe(`axe, forms at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('volunteer steps and the open form', async ({ page }) => {
      await open(page, ROUTES.volunteer.en);
      await page.getByRole('radio', { name: v('en', 'steps.location.local.title'), exact: true }).check();
      await expectNoAxeViolations(page); // with the yellow hint
      await page.getByRole('radio', { name: v('en', 'steps.dutch.yes'), exact: true }).check();
      await page.getByRole('radio', { name: v('en', 'categories.education.title'), exact: true }).check();
      await page.getByRole('button', { name: v('en', 'steps.apply.button') }).click();
      await expect(page.getByRole('heading', { name: v('en', 'form.title') })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('contact with the error panel', async ({ page }) => {
      await open(page, ROUTES.contact.nl);
      await page.route('**/api/send-email', (route) =>
        route.fulfill({ status: 429, json: { success: false, error: 'Too many requests' } }),
      );
      await fillContact(page, 'nl', uniqueEmail('axe'));
      await page.getByRole('button', { name: c('nl', 'form.submit') }).click();
      await expect(page.getByRole('alert')).toContainText('Wacht een minuut');
      await expectNoAxeViolations(page);
    });

    test('get help, empty and after success', async ({ page }) => {
      await open(page, ROUTES.getHelp.es);
      await expectNoAxeViolations(page);
      await fillHelp(page, 'es', uniqueEmail('axe-help'));
      await page.getByRole('button', { name: h('es', 'form.submit') }).click();
      await expect(page.getByRole('heading', { name: h('es', 'success.title') })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
