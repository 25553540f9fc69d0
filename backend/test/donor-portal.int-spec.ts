import { randomUUID } from 'node:crypto';
import { DONOR_LINK_TOKEN_FRAGMENT, DONOR_PORTAL_SESSION_PATH } from '@stichting/contracts';
import { DonorLinks } from '../src/donor-email/donor-links';
import { MetricsService } from '../src/metrics/metrics.service';
import { sample } from './support/metrics';
import { donorMessages, insertDonation, manageLinkIn, queueDonorEmail } from './support/donors';
import { sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/** Opens a link the way a browser (or a mail scanner) does, without following the redirect. */
async function open(stack: TestStack, link: string): Promise<{ status: number; location: string; headers: Headers }> {
  const url = new URL(link);
  const response = await fetch(`${stack.url}${url.pathname}${url.search}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '', headers: response.headers };
}

/** The donor's button on the page the link led to: the token posted as the page posts it, from the site's origin. */
async function press(
  stack: TestStack,
  token: string,
  language = 'en',
): Promise<{ status: number; json: { success?: boolean; url?: string } }> {
  const response = await fetch(`${stack.url}${DONOR_PORTAL_SESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(stack.config.site.publicBaseUrl).origin },
    body: JSON.stringify({ token, language }),
  });
  return { status: response.status, json: (await response.json()) as { success?: boolean; url?: string } };
}

/** Where the donor ends up: the link's page, and for a good link the button's answer. */
async function follow(stack: TestStack, link: string): Promise<{ status: number; location: string }> {
  const landing = await open(stack, link);
  const token = new URLSearchParams(new URL(landing.location, stack.url).hash.slice(1)).get(DONOR_LINK_TOKEN_FRAGMENT);
  if (!token) return landing;
  const answer = await press(stack, token);
  return { status: answer.status, location: answer.json.url ?? '' };
}

const DAY = 24 * 60 * 60 * 1000;

describe('manage link (Stripe customer portal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('opens the portal for the donor of the emailed link, in their language, returning to the donate page', async () => {
    const donationId = await insertDonation(stack, {
      email: 'marta@example.org',
      language: 'es',
      customer: 'cus_marta',
    });
    await queueDonorEmail(stack, { donationId, kind: 'manage_link', onceKey: `manage_link:${donationId}:1` });
    const [message] = await donorMessages(stack, 'marta@example.org', 1);

    const link = manageLinkIn(message.text);
    const token = new URL(link).searchParams.get('token')!;
    // Opening the link (a mail scanner does too) changes nothing and calls nobody: it lands on our page.
    const sessionsBefore = stack.stripe.portal.sessions.length;
    const answer = await open(stack, link);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/es/mi-donacion#${DONOR_LINK_TOKEN_FRAGMENT}=${encodeURIComponent(token)}`);
    expect(stack.stripe.portal.sessions).toHaveLength(sessionsBefore);
    // The donor's button opens the portal.
    const pressed = await press(stack, token, 'es');
    expect(pressed.status).toBe(200);
    const session = stack.stripe.portal.sessions.at(-1)!;
    expect(stack.stripe.portal.sessions).toHaveLength(sessionsBefore + 1);
    expect(pressed.json).toEqual({ success: true, url: `${stack.stripe.url}/portal/${session.id}` });
    expect(Object.fromEntries(session.params)).toEqual({
      customer: 'cus_marta',
      locale: 'es',
      return_url: `${stack.config.site.publicBaseUrl}/es/donar`,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const portal = await fetch(pressed.json.url ?? '');
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('Stripe customer portal');
  });

  it('sends an expired link to the "manage my donation" page of the donor language, without calling Stripe', async () => {
    const donationId = await insertDonation(stack, { email: 'old@example.org', language: 'en' });
    const links = stack.app.get(DonorLinks);
    const sessions = stack.stripe.portal.sessions.length;
    const expired = links.manageUrl(donationId, 'en', new Date(Date.now() - 31 * DAY));
    expect(await open(stack, expired)).toMatchObject({ status: 303, location: '/en/my-donation?link=expired' });
    // Still valid on day 29.
    const fresh = links.manageUrl(donationId, 'en', new Date(Date.now() - 29 * DAY));
    expect((await follow(stack, fresh)).location).toMatch(/\/portal\/bps_/);
    expect(stack.stripe.portal.sessions).toHaveLength(sessions + 1);
  });

  it('treats a forged, cut-off, missing or unknown link as invalid, on the page of the link language', async () => {
    const links = stack.app.get(DonorLinks);
    const donationId = await insertDonation(stack, { email: 'kim@example.org', language: 'nl' });
    const valid = new URL(links.manageUrl(donationId, 'nl'));
    const token = valid.searchParams.get('token')!;
    const sessions = stack.stripe.portal.sessions.length;
    const cases: Array<[string, string]> = [
      [
        `/mijn-donatie/beheren?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        '/mijn-donatie?link=invalid',
      ],
      [`/en/my-donation/manage?token=${token.slice(0, 30)}`, '/en/my-donation?link=invalid'],
      ['/es/mi-donacion/gestionar', '/es/mi-donacion?link=invalid'],
      ['/es/mi-donacion/gestionar?token=a&token=b', '/es/mi-donacion?link=invalid'],
      [links.manageUrl(randomUUID(), 'en'), '/en/my-donation?link=invalid'],
    ];
    for (const [link, page] of cases) {
      expect({ link, ...(await follow(stack, new URL(link, stack.url).href)) }).toMatchObject({
        link,
        status: 303,
        location: page,
      });
    }
    expect(stack.stripe.portal.sessions).toHaveLength(sessions);
  });

  it('does not open the portal for a donation without a Stripe customer or one that was erased', async () => {
    const links = stack.app.get(DonorLinks);
    const noCustomer = await insertDonation(stack, { email: 'n@example.org', language: 'en', customer: null });
    const erased = await insertDonation(stack, { email: 'e@example.org', language: 'en' });
    await sql(stack, 'UPDATE donations SET erased_at = now() WHERE id = $1', [erased]);
    for (const id of [noCustomer, erased]) {
      expect((await follow(stack, links.manageUrl(id, 'en'))).location).toBe('/en/my-donation?link=invalid');
      // A token posted directly is judged the same way.
      const token = new URL(links.manageUrl(id, 'en')).searchParams.get('token')!;
      expect((await press(stack, token)).json).toEqual({ success: true, url: '/en/my-donation?link=invalid' });
    }
  });

  it('says "try again later" in the donor language when Stripe cannot be reached', async () => {
    const donationId = await insertDonation(stack, { email: 'ana@example.org', language: 'es' });
    stack.stripe.portal.unavailable = true;
    try {
      // Opened on the Dutch path: the donor's own language still decides the page.
      const link = stack.app.get(DonorLinks).manageUrl(donationId, 'nl');
      expect(await follow(stack, link)).toMatchObject({ status: 200, location: '/es/mi-donacion?link=unavailable' });
    } finally {
      stack.stripe.portal.unavailable = false;
    }
  });
});

describe('manage link under load (its own app, so earlier presses do not count against this client)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('opening a link 300 times never calls Stripe; the button is limited per client; a 429 from Stripe is counted', async () => {
    const donationId = await insertDonation(stack, { email: 'burst@example.org', language: 'en' });
    const link = stack.app.get(DonorLinks).manageUrl(donationId, 'en');
    const token = new URL(link).searchParams.get('token')!;
    const sessions = stack.stripe.portal.sessions.length;
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => open(stack, link)));
      for (const answer of batch) statuses.add(answer.status);
    }
    expect(statuses).toEqual(new Set([303]));
    expect(stack.stripe.portal.sessions).toHaveLength(sessions);

    stack.stripe.portal.rateLimited = true;
    try {
      const first = await press(stack, token);
      expect(first).toEqual({ status: 200, json: { success: true, url: '/en/my-donation?link=unavailable' } });
      const { body } = await stack.app.get(MetricsService).scrape();
      expect(sample(body, 'site_stripe_rate_limited_total', { resource: 'billing_portal' })).toBeGreaterThanOrEqual(1);
    } finally {
      stack.stripe.portal.rateLimited = false;
    }
    const presses = [];
    for (let i = 0; i < 5; i++) presses.push((await press(stack, token)).status);
    // Five a minute per client address: the first press above was one of them.
    expect(presses).toEqual([200, 200, 200, 200, 429]);
    expect(stack.stripe.portal.sessions).toHaveLength(sessions + 4);
  });
});
