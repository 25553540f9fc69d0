import { expect, test, type Page } from '@playwright/test';
import { FOUNDATION, ROUTES, type Language } from '@stichting/contracts';
import { signWebhook, stripeEvent } from '../backend/test/support/stripe-stub';
import { StripeOneOffGift } from '../backend/test/support/stripe-one-off';
import { TEST_WEBHOOK_SECRET } from '../backend/test/support/test-env';
import { bodies } from '../backend/test/support/submissions';
import { text, waitForHydration } from './site-helpers';
import { E2E_BASE_URL } from './support/ports';
import { blockStripeJs, createdCheckoutSessions, receivedMail, stubTurnstile } from './support/stubs';

/** docs/product.md §4.1, §4.2, §7.9: give once, from the donate page to the thank-you email. */
const LANGUAGES: Language[] = ['nl', 'en', 'es'];
const t = (language: Language, key: string) => text(language, 'donate', key);

/** What the thank-you email says of an ordinary gift to an ANBI in each language (docs/product.md §7.9). */
const THANKS = {
  nl: { subject: 'Dank je wel voor je gift', anbi: ['1% van je inkomen', '€ 60', '10% van je inkomen'] },
  en: { subject: 'Thank you for your gift', anbi: ['1% of your income', '€ 60', '10% of your income'] },
  es: { subject: 'Gracias por tu donación', anbi: ['el 1% de tus ingresos', '60 €', 'el 10% de tus ingresos'] },
} as const;

/** Chooses "once" and the €50 suggestion, fills the form and reaches the Checkout stand-in; returns the session. */
async function giveOnce(page: Page, language: Language, email: string) {
  await stubTurnstile(page);
  await blockStripeJs(page);
  await page.goto(ROUTES.donate[language]);
  await waitForHydration(page);
  const group = page.getByRole('group', { name: t(language, 'frequency.legend') });
  await expect(group.getByRole('radio', { name: t(language, 'frequency.monthly') })).toBeChecked();
  await group.getByRole('radio', { name: t(language, 'frequency.once') }).check();
  await expect(page.getByRole('heading', { name: t(language, 'once.title') })).toBeVisible();
  await page.locator('.donation-tier').nth(1).click();
  await expect(page.getByRole('heading', { name: t(language, 'monthly.details.title') })).toBeFocused();
  await expect(page.locator('.donation-form__summary')).toContainText('50');
  await page
    .getByRole('textbox', { name: t(language, 'monthly.details.email'), exact: false })
    .first()
    .fill(email);
  await page.locator('.donation-form button[type="submit"]').click();
  await expect(page).toHaveTitle('Stripe Checkout (test stub)');
  let session: { id: string; params: Record<string, string> } | undefined;
  await expect(async () => {
    session = (await createdCheckoutSessions()).find((created) => created.params.customer_email === email);
    expect(session).toBeDefined();
  }).toPass();
  return session!;
}

/** Delivers a signed event to the running site, as Stripe does. */
async function deliver(event: object): Promise<void> {
  const { body, signature } = signWebhook(event, TEST_WEBHOOK_SECRET);
  const response = await fetch(`${E2E_BASE_URL}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  expect(response.status).toBe(200);
}

test.describe('give once: "once" -> amount -> details -> Stripe Checkout in payment mode', () => {
  for (const language of LANGUAGES) {
    test(`${language}: €50 once reaches Checkout, the success page, and a paid gift is thanked for`, async ({
      page,
    }) => {
      const email = `once-${language}-${Date.now()}@example.org`;
      const session = await giveOnce(page, language, email);
      expect(session.params).toMatchObject({
        mode: 'payment',
        submit_type: 'donate',
        'line_items[0][price_data][unit_amount]': '5000',
        'line_items[0][price_data][currency]': 'eur',
        locale: language,
      });
      expect(Object.keys(session.params).filter((key) => /recurring|payment_method/.test(key))).toEqual([]);

      // Stripe sends the donor back to the success page.
      const success = new URL(session.params.success_url);
      expect(success.pathname).toBe(ROUTES.thankYou[language]);
      await page.goto(success.pathname + success.search);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'thankYou', 'title'));

      // Stripe reports the payment: the donor gets the thank-you, once, with the ANBI facts and no manage link.
      const gift = new StripeOneOffGift(session.params['metadata[donation_id]'], session.id, 5000, language);
      const paid = stripeEvent('checkout.session.completed', gift.session('paid'));
      await deliver(paid);
      await deliver(paid);
      let mail: Awaited<ReturnType<typeof receivedMail>> = [];
      await expect(async () => {
        mail = (await receivedMail()).filter((message) => message.to.includes(email));
        expect(mail).toHaveLength(1);
      }).toPass();
      const { text: body, html } = bodies(mail[0].raw);
      // The subject, as the HTML part repeats it in its title.
      expect(html).toContain(`<title>${THANKS[language].subject}</title>`);
      expect(body).toContain(`RSIN ${FOUNDATION.rsin}`);
      expect(body).toContain('ANBI');
      for (const fact of THANKS[language].anbi) expect(body.replace(/\u00a0/g, ' ')).toContain(fact);
      expect(body).not.toContain('token=');
    });
  }

  test('a one-off gift whose payment fails gets no thank-you', async ({ page }) => {
    const email = `once-failed-${Date.now()}@example.org`;
    const session = await giveOnce(page, 'en', email);
    const gift = new StripeOneOffGift(session.params['metadata[donation_id]'], session.id, 5000, 'en');
    await deliver(stripeEvent('checkout.session.completed', gift.session('unpaid')));
    await deliver(stripeEvent('checkout.session.async_payment_failed', gift.session('unpaid')));
    // A paid gift's email arrives within a second or two (above); this one never comes.
    await page.waitForTimeout(3000);
    expect((await receivedMail()).filter((message) => message.to.includes(email))).toEqual([]);
  });
});
