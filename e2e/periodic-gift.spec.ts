import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { languageFromPath, ROUTES, TRANSACTION_NUMBER_PATTERN, type Language } from '@stichting/contracts';
import { bodies } from '../backend/test/support/submissions';
import { TEST_STAFF_EMAIL } from '../backend/test/support/test-env';
import { E2E_BASE_URL } from './support/ports';
import { createdCheckoutSessions, receivedMail, stubTurnstile } from './support/stubs';
import { text, waitForHydration } from './site-helpers';

/** docs/product.md §4.9: the periodieke gift from the form to Stripe Checkout, in nl, en and es. */

const run = promisify(execFile);
const p = (language: Language, key: string) => text(language, 'periodicGift', key);
const s = (language: Language, key: string) => text(language, 'periodicGiftSign', key);
const mailSubject = (language: Language, key: string, number = '') =>
  text(language, 'periodicEmail', `${key}.subject`).replace('{{number}}', number);

interface Person {
  firstNames: string;
  surname: string;
  birthDate: string;
  birthPlace: string;
}

const DONOR: Person = { firstNames: 'Anna Maria', surname: 'de Vries', birthDate: '1970-03-12', birthPlace: 'Utrecht' };
const PARTNER: Person = { firstNames: 'Pieter Jan', surname: 'Bakker', birthDate: '1968-11-02', birthPlace: 'Leiden' };
const fullName = (person: Person) => `${person.firstNames} ${person.surname}`;

/** A Subject header as read (RFC 2047 encoded words, as nodemailer writes a subject with accents, decoded). */
function decodedSubject(header: string | undefined): string {
  return (header ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The link of the email to `address` whose subject is `subject`, on the e2e server (the token after `#`). */
async function linkInMail(address: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await receivedMail()).find(
          (message) => message.to.includes(address) && decodedSubject(message.subject) === subject,
        );
        const found = mail && /https?:\/\/\S+#token=[\w-]+/.exec(bodies(mail.raw).text)?.[0];
        if (found) {
          const url = new URL(found);
          link = `${E2E_BASE_URL}${url.pathname}${url.hash}`;
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/** Opens an email's link as a new visit (a link that differs only after `#` from the page shown would not reload it). */
async function open(page: Page, link: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(link);
  await waitForHydration(page);
}

async function fillPerson(page: Page, language: Language, group: string, person: Person): Promise<void> {
  const fields = page.getByRole('group', { name: p(language, group) });
  await fields.getByLabel(p(language, 'form.firstNames')).fill(person.firstNames);
  await fields.getByLabel(p(language, 'form.surname')).fill(person.surname);
  await fields.getByLabel(p(language, 'form.birthDate')).fill(person.birthDate);
  await fields.getByLabel(p(language, 'form.birthPlace')).fill(person.birthPlace);
}

/** Fills in and sends the form; returns the transaction number the page shows. */
async function apply(page: Page, language: Language, email: string, partnerEmail?: string): Promise<string> {
  await stubTurnstile(page);
  await page.goto(ROUTES.periodicGift[language]);
  await waitForHydration(page);
  await fillPerson(page, language, 'form.donor', DONOR);
  const donor = page.getByRole('group', { name: p(language, 'form.donor') });
  await donor.getByRole('textbox', { name: p(language, 'form.email'), exact: true }).fill(email);
  const address = page.getByRole('group', { name: p(language, 'form.address') });
  await address.getByLabel(p(language, 'form.street')).fill('Dorpsstraat 12');
  await address.getByLabel(p(language, 'form.postalCode')).fill('1234 AB');
  await address.getByLabel(p(language, 'form.city')).fill('Alkmaar');
  const amount = page.getByRole('textbox', { name: p(language, 'form.monthlyAmount'), exact: true });
  const years = page.getByRole('spinbutton', { name: p(language, 'form.termYearsLabel'), exact: true });
  await amount.fill('4');
  await page.getByRole('radio', { name: p(language, 'form.termYears') }).check();
  await years.fill('4');
  await page.getByRole('checkbox', { name: p(language, 'form.clause.jobLoss') }).check();
  if (partnerEmail) {
    await page.getByRole('checkbox', { name: p(language, 'form.hasPartner') }).check();
    await fillPerson(page, language, 'form.partner', PARTNER);
    await page.getByRole('textbox', { name: p(language, 'form.partnerEmail'), exact: true }).fill(partnerEmail);
  }
  // Refused in the browser, in the page's language: an amount below the minimum, a term under five years.
  await page.getByRole('button', { name: p(language, 'form.submit') }).click();
  await expect(amount).toBeFocused();
  await expect(
    page.getByText(p(language, 'errors.termYears').replace('{{min}}', '5').replace('{{max}}', '50')),
  ).toBeVisible();
  await amount.fill('250');
  await expect(page.locator('.periodic-form__yearly')).toContainText(/3[.,]?000/);
  await years.fill('6');
  await page.getByRole('button', { name: p(language, 'form.submit') }).click();

  const success = page.getByRole('status').filter({ hasText: p(language, 'success.title') });
  await expect(success).toBeVisible();
  const number = /PG-\d{4}-\d{5,}/.exec((await success.textContent()) ?? '')?.[0] ?? '';
  expect(number).toMatch(TRANSACTION_NUMBER_PATTERN);
  return number;
}

/** Opens a signing link, reads the agreement (Dutch beside its translation) and signs with `signer`'s name. */
async function sign(page: Page, language: Language, number: string, signer: Person, refuseFirst = false) {
  const agreementTitle = page.getByRole('heading', {
    name: s(language, 'agreement.title').replace('{{transactionNumber}}', number),
  });
  await expect(agreementTitle).toBeFocused();
  await expect(page.getByRole('heading', { name: s(language, 'agreement.dutch'), exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: s(language, 'agreement.translation'), exact: true })).toHaveCount(
    language === 'nl' ? 0 : 1,
  );
  await expect(page.locator('.agreement__text[lang="nl"]')).toContainText('drieduizend euro');
  const name = page.getByLabel(s(language, 'sign.name'));
  await page.getByRole('checkbox', { name: s(language, 'sign.consent') }).check();
  if (refuseFirst) {
    // A name that does not match the agreement is refused, in the page's language, and the field takes the focus.
    await name.fill('Anna de Vries');
    await page.getByRole('button', { name: s(language, 'sign.button') }).click();
    await expect(page.getByText(s(language, 'sign.nameMismatch').replace('{{name}}', fullName(signer)))).toBeVisible();
    await expect(name).toBeFocused();
  }
  await name.fill(fullName(signer).toUpperCase());
  await page.getByRole('button', { name: s(language, 'sign.button') }).click();
  await expect(page.getByRole('heading', { name: s(language, 'sign.doneTitle') })).toBeFocused();
}

const CASES: Array<{ language: Language; withPartner: boolean; countersign: 'link' | 'command' }> = [
  { language: 'nl', withPartner: true, countersign: 'link' },
  { language: 'en', withPartner: false, countersign: 'command' },
  { language: 'es', withPartner: true, countersign: 'link' },
];

for (const { language, withPartner, countersign } of CASES) {
  test(`${language}: fill in, verify, sign${withPartner ? ' (donor and partner)' : ''}, countersign by ${countersign}, start the debit`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${language}-${Date.now()}`;
    const email = `periodic-${stamp}@example.org`;
    const partnerEmail = withPartner ? `partner-${stamp}@example.org` : undefined;
    const number = await apply(page, language, email, partnerEmail);

    // The verification link: opening it shows a button, and only the button verifies.
    const verifyLink = await linkInMail(email, mailSubject(language, 'verifyEmail'));
    await open(page, verifyLink);
    await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.periodicGiftSign[language]}`);
    await expect(page.getByRole('heading', { name: s(language, 'verify.title') })).toBeFocused();
    await page.getByRole('button', { name: s(language, 'verify.button') }).click();
    await sign(page, language, number, DONOR, true);

    // A link used once says so.
    await open(page, verifyLink);
    await expect(page.getByRole('alert')).toContainText(s(language, 'problems.used'));

    if (partnerEmail) {
      await open(page, await linkInMail(partnerEmail, mailSubject(language, 'partnerInvitation', number)));
      await expect(page.getByRole('heading', { name: s(language, 'sign.titlePartner') })).toBeVisible();
      await sign(page, language, number, PARTNER);
    }

    if (countersign === 'link') {
      // The staff email is Dutch; its link opens the agreement with a button, and only the button countersigns.
      const staffLink = await linkInMail(TEST_STAFF_EMAIL, mailSubject('nl', 'countersignRequest', number));
      const staffLanguage = languageFromPath(new URL(staffLink).pathname);
      await open(page, staffLink);
      await expect(page.getByRole('heading', { name: s(staffLanguage, 'countersign.title') })).toBeVisible();
      await expect(page.locator('.agreement__signatures li')).toHaveCount(withPartner ? 2 : 1);
      await page.getByRole('button', { name: s(staffLanguage, 'countersign.button') }).click();
      await expect(page.getByRole('heading', { name: s(staffLanguage, 'countersign.doneTitle') })).toBeFocused();
    } else {
      const { stdout } = await run(
        'npm',
        ['run', '-s', 'periodic', '--', 'countersign', number, '--name', 'E. Jansen', '--function', 'voorzitter'],
        { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL } },
      );
      expect(stdout).toContain(number);
    }

    // Signed by all: the donor's email leads to the start of the debits, at the Stripe stand-in's Checkout.
    await open(page, await linkInMail(email, mailSubject(language, 'completed', number)));
    await expect(page.getByRole('heading', { name: s(language, 'start.title') })).toBeFocused();
    const before = (await createdCheckoutSessions()).length;
    await page.getByRole('button', { name: s(language, 'start.button') }).click();
    await expect(page).toHaveTitle('Stripe Checkout (test stub)');
    const session = (await createdCheckoutSessions())
      .slice(before)
      .find(
        (created) =>
          created.params.mode === 'subscription' &&
          created.params['line_items[0][price_data][unit_amount]'] === '25000',
      );
    expect(session?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '25000',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
  });
}

test('a forged or cut-off link says it does not work, in the page language', async ({ page }) => {
  for (const language of ['nl', 'es'] as const) {
    await page.goto(`${ROUTES.periodicGiftSign[language]}#token=${'A'.repeat(43)}`);
    await waitForHydration(page);
    await expect(page.getByRole('alert')).toContainText(s(language, 'problems.invalid'));
    // The token left the address bar.
    await expect(page).toHaveURL(`${E2E_BASE_URL}${ROUTES.periodicGiftSign[language]}`);
  }
});
