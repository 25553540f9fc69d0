import { randomUUID } from 'node:crypto';
import { DonorLinks } from '../src/donor-email/donor-links';
import { donorMessages, insertDonation, manageLinkIn, queueDonorEmail } from './support/donors';
import { sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/** Opens a link the way a browser does, without following the redirect. */
async function open(stack: TestStack, link: string): Promise<{ status: number; location: string; headers: Headers }> {
  const url = new URL(link);
  const response = await fetch(`${stack.url}${url.pathname}${url.search}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '', headers: response.headers };
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

    const answer = await open(stack, manageLinkIn(message.text));
    expect(answer.status).toBe(303);
    const session = stack.stripe.portal.sessions.at(-1)!;
    expect(answer.location).toBe(`${stack.stripe.url}/portal/${session.id}`);
    expect(Object.fromEntries(session.params)).toEqual({
      customer: 'cus_marta',
      locale: 'es',
      return_url: `${stack.config.site.publicBaseUrl}/es/donar`,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const portal = await fetch(answer.location);
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
    expect((await open(stack, fresh)).location).toMatch(/\/portal\/bps_/);
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
      expect({ link, ...(await open(stack, new URL(link, stack.url).href)) }).toMatchObject({
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
      expect((await open(stack, links.manageUrl(id, 'en'))).location).toBe('/en/my-donation?link=invalid');
    }
  });

  it('says "try again later" in the donor language when Stripe cannot be reached', async () => {
    const donationId = await insertDonation(stack, { email: 'ana@example.org', language: 'es' });
    stack.stripe.portal.unavailable = true;
    try {
      // Opened on the Dutch path: the donor's own language still decides the page.
      const link = stack.app.get(DonorLinks).manageUrl(donationId, 'nl');
      expect(await open(stack, link)).toMatchObject({ status: 303, location: '/es/mi-donacion?link=unavailable' });
    } finally {
      stack.stripe.portal.unavailable = false;
    }
  });
});
