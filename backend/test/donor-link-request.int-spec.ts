import { DONOR_LINK_TURNSTILE_ACTION } from '@stichting/contracts';
import { decodeHeader, insertDonation } from './support/donors';
import { bodies, postJson, sql, waitFor } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';
import { passToken } from './support/turnstile-stub';

const PATH = '/api/donations/manage-link';
const ask = (stack: TestStack, email: unknown, extra: Record<string, unknown> = {}) =>
  postJson(stack, { email, language: 'en', turnstileToken: passToken(DONOR_LINK_TURNSTILE_ACTION), ...extra }, PATH);

/** Waits until pg-boss has worked every "send me a link" request so far. */
async function requestsWorked(stack: TestStack): Promise<void> {
  await waitFor(
    async () =>
      (
        await sql(
          stack,
          `SELECT 1 FROM pgboss.job WHERE name = 'donor-link-request' AND state NOT IN ('completed', 'failed')`,
        )
      ).length === 0,
    20_000,
    'the link requests to be worked',
  );
}

describe('"send me a link" (POST /api/donations/manage-link)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  it('answers a known and an unknown address alike, and mails links only to the known one, in each gift language', async () => {
    await insertDonation(stack, { email: 'Eva@Example.org', language: 'nl' });
    await insertDonation(stack, { email: 'eva@example.org', language: 'es' });
    await insertDonation(stack, { email: 'eva@example.org', language: 'en', customer: null }); // never reached Stripe

    const unknown = await ask(stack, 'nobody@example.org');
    const known = await ask(stack, 'EVA@example.org');
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 202, json: { success: true }, text: '{"success":true}' });

    await requestsWorked(stack);
    const toEva = await waitFor(
      () => {
        const found = stack.smtp.messages.filter((m) => m.to[0].toLowerCase() === 'eva@example.org');
        return found.length === 2 && found;
      },
      20_000,
      'two links to eva',
    );
    const texts = toEva.map((m) => bodies(m.raw).text);
    expect(texts.filter((text) => text.includes('/mijn-donatie/beheren?token='))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('/es/mi-donacion/gestionar?token='))).toHaveLength(1);
    expect(toEva.map((m) => decodeHeader(m.subject)).sort()).toEqual([
      'Je link om je maandelijkse gift te beheren',
      'Tu enlace para gestionar tu donación mensual',
    ]);
    expect(stack.smtp.to('nobody@example.org')).toHaveLength(0);
  });

  it('matches the address literally: a request for o%@ or o_ivia@ mails no one else a link', async () => {
    await insertDonation(stack, { email: 'olivia@example.org', language: 'en' });
    for (const address of ['o%@example.org', 'o_ivia@example.org', '%@example.org']) {
      expect((await ask(stack, address)).status).toBe(202);
    }
    await requestsWorked(stack);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stack.smtp.to('olivia@example.org')).toHaveLength(0);
    expect(await ask(stack, 'OLIVIA@example.org')).toMatchObject({ status: 202 });
    await requestsWorked(stack);
    await waitFor(() => stack.smtp.to('olivia@example.org').length === 1, 20_000, 'the link to olivia');
  });

  it('sends at most three link emails to one address in a day, however often it is asked', async () => {
    await insertDonation(stack, { email: 'many@example.org', language: 'en' });
    await insertDonation(stack, { email: 'many@example.org', language: 'en' });
    for (let i = 0; i < 3; i++) expect((await ask(stack, 'many@example.org')).status).toBe(202);
    await requestsWorked(stack);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stack.smtp.to('many@example.org')).toHaveLength(3);
  });

  it('limits requests per address (any letter case) to three a minute, and no other address pays for it', async () => {
    for (const address of ['limit@example.org', 'Limit@EXAMPLE.org', 'limit@example.org']) {
      expect((await ask(stack, address)).status).toBe(202);
    }
    const refused = await ask(stack, 'LIMIT@example.org');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, error: 'Too many requests. Please wait a moment and try again.' });
    expect((await ask(stack, 'other@example.org')).status).toBe(202);
  });

  it('refuses a bad address with a field error code, and a missing or foreign bot token with 403', async () => {
    const bad = await ask(stack, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.json.codes).toEqual({ email: 'invalid_email' });
    const missing = await ask(stack, undefined);
    expect(missing.json.codes).toEqual({ email: 'required' });
    expect((await ask(stack, 'a@example.org', { extra: 1 })).status).toBe(400);
    expect((await ask(stack, 'a@example.org', { language: 'de' })).status).toBe(400);
    expect((await ask(stack, 'a@example.org', { turnstileToken: undefined })).status).toBe(403);
    expect((await ask(stack, 'a@example.org', { turnstileToken: passToken('contact') })).status).toBe(403);
  });
});
