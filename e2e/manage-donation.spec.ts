import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { formatEuro, FOUNDATION, LOCALE_TAGS, ROUTES, type Language } from '@stichting/contracts';
import { pdfText } from '../backend/test/support/pdf-text';
import { signWebhook, stripeEvent, StripeGift } from '../backend/test/support/stripe-stub';
import { bodies } from '../backend/test/support/submissions';
import { TEST_WEBHOOK_SECRET } from '../backend/test/support/test-env';
import { E2E_BASE_URL } from './support/ports';
import {
  receivedMail,
  stripeHasSubscription,
  stripeRequests,
  stripeSubscription,
  stubTurnstile,
} from './support/stubs';
import { text, waitForHydration } from './site-helpers';

const LANGUAGES: Language[] = ['nl', 'en', 'es'];
const m = (language: Language, key: string) => text(language, 'manageDonation', key);
const g = (language: Language, key: string) => m(language, `gift.${key}`);

/**
 * A monthly gift of €25 paid by SEPA Direct Debit since two months, as the ledger and Stripe both have it: the
 * donation row with its first payment, and the subscription at the Stripe stand-in.
 */
async function storeGift(email: string, language: Language): Promise<StripeGift> {
  const gift = new StripeGift(randomUUID(), `cs_e2e_${randomUUID().slice(0, 8)}`, 2500);
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const started = new Date(gift.start * 1000);
    await client.query(
      `INSERT INTO donations (id, amount_cents, email, language, status, payment_method_type, started_at,
         next_payment_at, checkout_completed_at, first_payment_succeeded_at, stripe_session_id, stripe_customer_id,
         stripe_subscription_id, period_end)
       VALUES ($1, 2500, $2, $3, 'active', 'sepa_debit', $4, $5, $4, $4, $6, $7, $8, $5)`,
      [
        gift.donationId,
        email,
        language,
        started,
        new Date(Date.now() + 20 * 86_400_000),
        gift.sessionId,
        gift.customer,
        gift.subscription,
      ],
    );
    await client.query(
      `INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, invoice_created_at,
         paid_at, payment_method_type)
       VALUES ($1, $2, $3, 2500, 'paid', $4, $4, 'sepa_debit')`,
      [randomUUID(), gift.donationId, gift.firstInvoice, started],
    );
  } finally {
    await client.end();
  }
  await stripeHasSubscription(gift.subscriptionObject({ status: 'active', month: 2 }));
  return gift;
}

/** What Stripe sends after a change made through its API: a signed event with the subscription as it now is. */
async function stripeSends(gift: StripeGift, type = 'customer.subscription.updated'): Promise<void> {
  const { body, signature } = signWebhook(
    stripeEvent(type, await stripeSubscription(gift.subscription)),
    TEST_WEBHOOK_SECRET,
  );
  const response = await fetch(`${E2E_BASE_URL}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  expect(response.status).toBe(200);
}

/** The site's calls to Stripe about this subscription since `from` (an index into the stand-in's record). */
async function callsAbout(gift: StripeGift, from: number) {
  return (await stripeRequests())
    .slice(from)
    .filter((call) => call.path.startsWith(`/v1/subscriptions/${gift.subscription}`))
    .map((call) => ({ method: call.method, params: Object.fromEntries(new URLSearchParams(call.body)) }));
}

const day = (seconds: number, language: Language) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
    new Date(seconds * 1000),
  );

/** The calendar year (Dutch time) of a moment in seconds, as the statements count years. */
const dutchYear = (seconds: number) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(seconds * 1000));

const oneLine = (words: string) => words.replace(/\s+/g, ' ');

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
    test('from the emailed link the donor changes, pauses, resumes and stops the gift; the page follows Stripe', async ({
      page,
    }) => {
      const email = `gift-${language}-${Date.now()}@example.org`;
      const gift = await storeGift(email, language);
      await stubTurnstile(page);
      await page.goto(ROUTES.donate[language]);
      await waitForHydration(page);
      await page.getByRole('link', { name: text(language, 'donate', 'manageLink') }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.manageDonation[language]}`);
      await waitForHydration(page);
      await askForLink(page, language, email.toUpperCase());
      const link = await manageLinkSentTo(email);

      // Opening the link (as a mail scanner does) shows the gift and asks Stripe nothing; the token leaves the address.
      const opened = (await stripeRequests()).length;
      const open = async () => {
        await page.goto(link);
        await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.manageDonation[language]}`);
        await expect(page.getByRole('heading', { name: g(language, 'title'), exact: true })).toBeVisible();
      };
      await open();
      const status = page.getByTestId('gift-status');
      await expect(status).toHaveText(g(language, 'status.active'));
      await expect(page.getByText(formatEuro(25, language), { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2);
      expect(await callsAbout(gift, opened)).toEqual([]);
      // The page with the gift and its actions passes axe (WCAG 2.2 AA), as every page does (site-a11y.spec.ts).
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .include('.my-gift')
        .analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      // Keyboard: the amount choices are reached with Tab and chosen with the arrow keys and Space.
      await page.getByRole('radio').first().focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio').first()).toBeChecked();

      // docs/product.md §7.10: the yearly statement of the year of the paid gift, downloaded as the PDF the email sends.
      const year = dutchYear(gift.start);
      const years = page.getByRole('list').filter({ has: page.getByRole('button', { name: String(year) }) });
      await expect(years.getByRole('listitem')).toHaveCount(1);
      const downloadButton = years.getByRole('button', {
        name: g(language, 'statement.download').replace('{{year}}', String(year)),
      });
      const downloading = page.waitForEvent('download');
      await downloadButton.focus();
      await page.keyboard.press('Enter');
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(
        `${g(language, 'statement.fileName').replace('{{year}}', String(year))}.pdf`,
      );
      const file = await readFile(await download.path());
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const statement = oneLine(await pdfText(file));
      expect(statement).toContain(oneLine(formatEuro(25, language)));
      expect(statement).toContain(FOUNDATION.name);
      expect(statement).toContain(String(year));
      await expect(downloadButton).toBeFocused();

      // A new amount: one subscription update, from the next debit on, nothing charged today.
      let from = (await stripeRequests()).length;
      await page.getByRole('radio', { name: g(language, 'amount.custom') }).check();
      await page.getByRole('textbox', { name: g(language, 'amount.custom') }).fill('40');
      await page.getByRole('button', { name: g(language, 'amount.submit') }).click();
      await expect(page.getByRole('status')).toContainText(formatEuro(40, language));
      expect(await callsAbout(gift, from)).toEqual([
        { method: 'GET', params: {} },
        {
          method: 'POST',
          params: {
            'items[0][id]': gift.subscriptionItem,
            'items[0][price_data][currency]': 'eur',
            'items[0][price_data][product]': gift.product,
            'items[0][price_data][recurring][interval]': 'month',
            'items[0][price_data][unit_amount]': '4000',
            proration_behavior: 'none',
          },
        },
      ]);
      await stripeSends(gift);
      await open();
      await expect(page.getByText(formatEuro(40, language), { exact: true }).first()).toBeVisible();

      // A pause of two months, shown with its end.
      from = (await stripeRequests()).length;
      await page.getByLabel(g(language, 'pause.months')).selectOption('2');
      await page.getByRole('button', { name: g(language, 'pause.submit') }).click();
      await expect(page.getByRole('status')).toHaveText(g(language, 'pause.done'));
      const [pause] = await callsAbout(gift, from);
      expect(pause.params['pause_collection[behavior]']).toBe('void');
      await stripeSends(gift);
      await open();
      const resumesAt = Number(pause.params['pause_collection[resumes_at]']);
      await expect(status).toHaveText(g(language, 'status.paused').replace('{{date}}', day(resumesAt, language)));

      // Resume now.
      from = (await stripeRequests()).length;
      await page.getByRole('button', { name: g(language, 'pause.resume') }).click();
      await expect(page.getByRole('status')).toHaveText(g(language, 'pause.resumed'));
      expect(await callsAbout(gift, from)).toEqual([{ method: 'POST', params: { pause_collection: '' } }]);
      await stripeSends(gift);
      await open();
      await expect(status).toHaveText(g(language, 'status.active'));

      // Stop, with a reason, after a second "yes".
      from = (await stripeRequests()).length;
      await page.getByLabel(g(language, 'stop.reason')).selectOption('other_cause');
      await page.getByRole('button', { name: g(language, 'stop.submit') }).click();
      await page.getByRole('button', { name: g(language, 'stop.confirm') }).click();
      await expect(page.getByRole('status')).toHaveText(g(language, 'stop.done'));
      expect(await callsAbout(gift, from)).toEqual([{ method: 'DELETE', params: {} }]);
      await stripeSends(gift, 'customer.subscription.deleted');
      await open();
      await expect(status).toHaveText(g(language, 'status.cancelled'));
      await expect(page.getByRole('button', { name: g(language, 'stop.submit') })).toHaveCount(0);
    });

    test('a broken link, found when the page reads the gift, shows the form to ask for a fresh one', async ({
      page,
    }) => {
      // A well-formed token whose signature does not match reads as a broken link when the page asks for the gift.
      await page.goto(`${ROUTES.manageDonation[language]}#manage=AQ.forged`);
      await expect(page.getByRole('status')).toHaveText(m(language, 'problems.invalid'));
      await expect(page.getByRole('heading', { name: m(language, 'form.title') })).toBeVisible();
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
