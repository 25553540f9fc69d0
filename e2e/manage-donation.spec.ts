import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { ROUTES, type Language } from '@stichting/contracts';
import { bodies } from '../backend/test/support/submissions';
import { E2E_BASE_URL } from './support/ports';
import { createdPortalSessions, receivedMail, stubTurnstile } from './support/stubs';
import { text, waitForHydration } from './site-helpers';

const LANGUAGES: Language[] = ['nl', 'en', 'es'];
const m = (language: Language, key: string) => text(language, 'manageDonation', key);

/** A monthly donor on record, as the ledger leaves one after a completed checkout. */
async function storeDonor(email: string, language: Language): Promise<string> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const customer = `cus_e2e_${randomUUID().slice(0, 8)}`;
    await client.query(
      `INSERT INTO donations (id, amount_cents, email, language, status, stripe_customer_id)
       VALUES ($1, 2500, $2, $3, 'active', $4)`,
      [randomUUID(), email, language, customer],
    );
    return customer;
  } finally {
    await client.end();
  }
}

/** The manage link of the email that reached `address`. */
async function manageLinkSentTo(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await receivedMail()).find((message) => message.to.includes(address));
        link = (mail && /https?:\/\/\S+\?token=[\w.-]+/.exec(bodies(mail.raw).text)?.[0]) ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

async function askForLink(page: Page, language: Language, email: string): Promise<void> {
  await page.getByLabel(new RegExp(`^${m(language, 'form.email')}`)).fill(email);
  await page.getByRole('button', { name: m(language, 'form.submit') }).click();
  await expect(page.getByRole('heading', { name: m(language, 'success.title') })).toBeVisible();
}

for (const language of LANGUAGES) {
  test.describe(`manage my monthly gift (${language})`, () => {
    test('from the donate page, a link by email opens the Stripe portal in the donor language', async ({ page }) => {
      const email = `donor-${language}-${Date.now()}@example.org`;
      const customer = await storeDonor(email, language);
      await stubTurnstile(page);
      await page.goto(ROUTES.donate[language]);
      await waitForHydration(page);
      await page.getByRole('link', { name: text(language, 'donate', 'manageLink') }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.manageDonation[language]}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m(language, 'title'));
      await waitForHydration(page);
      await askForLink(page, language, email.toUpperCase());

      const link = await manageLinkSentTo(email);
      // Opening the link (as a mail scanner does) only shows our page; the donor's button opens the portal.
      await page.goto(link);
      await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.manageDonation[language]}`);
      await waitForHydration(page);
      expect((await createdPortalSessions()).filter((s) => s.params.customer === customer)).toHaveLength(0);
      await expect(page.getByRole('heading', { name: m(language, 'portal.title') })).toBeVisible();
      await page.getByRole('button', { name: m(language, 'portal.open') }).click();
      await expect(page.getByRole('heading', { name: 'Stripe customer portal (test stub)' })).toBeVisible();
      const session = (await createdPortalSessions()).find((s) => s.params.customer === customer);
      expect(session?.params).toEqual({
        customer,
        locale: language,
        return_url: `${E2E_BASE_URL}${ROUTES.donate[language]}`,
      });
    });

    test('an unknown address hears the same; a forged link shows the friendly page', async ({ page }) => {
      await stubTurnstile(page);
      await page.goto(ROUTES.manageDonation[language]);
      await waitForHydration(page);
      await askForLink(page, language, `nobody-${Date.now()}@example.org`);

      const forged = `${E2E_BASE_URL}${ROUTES.manageDonation[language]}/${{ nl: 'beheren', en: 'manage', es: 'gestionar' }[language]}?token=AQ.forged`;
      await page.goto(forged);
      await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.manageDonation[language]}?link=invalid`);
      await expect(page.getByRole('status')).toHaveText(m(language, 'problems.invalid'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m(language, 'title'));
    });

    test('the footer links to the page', async ({ page }) => {
      await page.goto(ROUTES.home[language]);
      const footerLink = page.getByRole('contentinfo').getByRole('link', {
        name: text(language, 'common', 'footer.manageDonation'),
      });
      await expect(footerLink).toHaveAttribute('href', ROUTES.manageDonation[language]);
    });
  });
}
