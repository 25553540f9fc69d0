import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { bodies, sendEmailBody } from '../backend/test/support/submissions';
import { E2E_BASE_URL } from './support/ports';
import { receivedMail } from './support/stubs';
import { text, waitForHydration } from './site-helpers';

const run = promisify(execFile);
const s = (key: string) => text('nl', 'staffAction', key);

/** The staff email of a submission, once the worker has sent it. */
async function staffEmailText(id: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await receivedMail()).find((message) => message.messageId === `<${id}.staff@stichting.test>`);
      found = mail && bodies(mail.raw).text;
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The link after "- <label>: " in the staff email's text, on the e2e server. */
function linkFor(email: string, label: string): string {
  const line = email.split('\n').find((candidate) => candidate.startsWith(`- ${label}: `));
  if (!line) throw new Error(`no link "${label}" in the staff email`);
  const url = new URL(line.slice(`- ${label}: `.length));
  return `${E2E_BASE_URL}${url.pathname}${url.hash}`;
}

/** The request's row in `npm run export -- submissions` (JSON lines), whatever the columns are called. */
async function exportedRow(id: string): Promise<string[]> {
  const { stdout } = await run('node', ['backend/dist/cli/export.js', 'submissions', '--format', 'jsonl'], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
  });
  const row = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((record) => Object.values(record).includes(id));
  if (!row) throw new Error(`request ${id} not in the export`);
  return Object.values(row).map(String);
}

/** A link from the email, opened as a mail client does: a fresh page load. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

async function confirm(page: Page, url: string, button: string): Promise<void> {
  await open(page, url);
  await waitForHydration(page);
  // Opening the link only shows the request and a button.
  await expect(page.getByRole('heading', { name: s('request.title') })).toBeVisible();
  await page.getByLabel(s('form.by')).fill('Els');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByTestId('staff-action-notice')).toBeVisible();
}

/** docs/product.md §4.10: from the staff email in the SMTP server, contacted then closed, and the export follows. */
test('a staff member follows "contacted" then "closed" from the staff email, and the export changes', async ({
  page,
}) => {
  const response = await fetch(`${E2E_BASE_URL}/api/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sendEmailBody('help-request', { email: `e2e-staff-${Date.now()}@example.org` })),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const email = await staffEmailText(id);
  expect(await exportedRow(id)).toEqual(expect.arrayContaining([expect.stringMatching(/^(new|nieuw)$/)]));

  await confirm(page, linkFor(email, 'Contact opgenomen'), s('form.submitContacted'));
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('done.contacted').split('{{')[0]);
  // The token left the address bar; the first name is remembered for the next link.
  expect(page.url()).not.toContain('#token=');
  expect(await exportedRow(id)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^(contacted|contact opgenomen)$/)]),
  );

  const helped = `Afgesloten: ${s('outcomes.helped')}`;
  await open(page, linkFor(email, helped));
  await waitForHydration(page);
  await expect(page.getByLabel(s('form.by'))).toHaveValue('Els');
  await page.getByRole('button', { name: s('form.submitClosed') }).click();
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('outcomes.helped'));
  const closed = await exportedRow(id);
  expect(closed).toEqual(expect.arrayContaining([expect.stringMatching(/^(closed|afgesloten)$/)]));
  expect(closed).toEqual(expect.arrayContaining([expect.stringMatching(/^(helped|geholpen)$/)]));

  // The contacted link again: already done, nothing to press.
  await open(page, linkFor(email, 'Contact opgenomen'));
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('outcomes.helped'));
  await expect(page.getByRole('button', { name: s('form.submitContacted') })).toHaveCount(0);
});

test('a forged link is refused on the page in its language, with nothing to press', async ({ page }) => {
  for (const [language, path] of [
    ['nl', '/medewerkers/actie'],
    ['en', '/en/staff/action'],
    ['es', '/es/personal/accion'],
  ] as const) {
    await page.goto(`${path}#token=AQEAAAAA.forged`);
    await expect(page.getByTestId('staff-action-notice')).toHaveText(text(language, 'staffAction', 'problems.invalid'));
    await expect(page.locator('form textarea')).toHaveCount(0);
  }
});

/**
 * A second link opened in the same tab, while the page of the first is still open: the browser only changes the
 * fragment (no page load), and the page shows what the second link would do.
 */
test('a second staff link opened in the same tab shows its own request', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await fetch(`${E2E_BASE_URL}/api/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sendEmailBody('contact', { email: `e2e-staff-tab-${Date.now()}@example.org` })),
  });
  const { id } = (await response.json()) as { id: string };
  const email = await staffEmailText(id);

  await page.goto(linkFor(email, 'Contact opgenomen'));
  await waitForHydration(page);
  await page.getByRole('button', { name: s('form.submitContacted') }).click();
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('done.contacted').split('{{')[0]);
  await page.goto(linkFor(email, `Afgesloten: ${s('outcomes.answered')}`));
  await expect(page.getByRole('button', { name: s('form.submitClosed') })).toBeVisible();
  await page.getByRole('button', { name: s('form.submitClosed') }).click();
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('outcomes.answered'));
  expect(page.url()).not.toContain('#token=');

  // The email's "download as a spreadsheet" link in the same tab, then a status link again.
  const download = email.split('\n').find((line) => line.includes('#download='));
  if (!download) throw new Error('no spreadsheet link in the staff email');
  const downloadUrl = new URL(download.slice(download.indexOf('http')));
  await page.goto(`${E2E_BASE_URL}${downloadUrl.pathname}${downloadUrl.hash}`);
  await expect(page.getByRole('heading', { name: s('download.title') })).toBeVisible();
  await page.goto(linkFor(email, 'Contact opgenomen'));
  await expect(page.getByTestId('staff-action-notice')).toContainText(s('outcomes.answered'));
  await expect(page.getByRole('heading', { name: s('download.title') })).toHaveCount(0);
  expect(errors).toEqual([]);
});
