import { TURNSTILE_ALWAYS_PASS_SECRET } from '../src/config/app-config';
import { postJson, sendEmailBody, sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';
import { createTurnstileStub, passToken, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TOKENS } from './support/turnstile-stub';

const donation = (turnstileToken: string) => ({
  amount: 25,
  name: 'Anna de Vries',
  email: 'anna@example.org',
  language: 'nl',
  turnstileToken,
});

/**
 * A Turnstile token is only good for this site (siteverify's `hostname` must be the host of PUBLIC_BASE_URL) and
 * for the form whose widget produced it (`action`: the form type, or "donate"). The stand-in answers like
 * Cloudflare: success, challenge_ts, hostname, error-codes, action and cdata.
 */
describe('Turnstile: hostname and action', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  const stored = async () => Number((await sql(stack, 'SELECT count(*)::int AS n FROM submissions'))[0].n);

  it.each(['contact', 'volunteer', 'help-request'] as const)(
    'a %s form with its own action is accepted',
    async (type) => {
      const response = await postJson(stack, { ...sendEmailBody(type), turnstileToken: passToken(type) });
      expect(response.status).toBe(201);
    },
  );

  it.each([
    ['the action of another form', passToken('volunteer'), 'another form'],
    ['the donate action', passToken('donate'), 'another form'],
    ['no action at all', TURNSTILE_TOKENS.pass, 'another form'],
    ['no hostname in the answer', TURNSTILE_TOKENS.noHostname, 'another site'],
    ['another hostname', TURNSTILE_TOKENS.wrongHostname, 'another site'],
  ])('a contact form with a token for %s: 403, nothing stored', async (_what, turnstileToken, reason) => {
    const before = await stored();
    const response = await postJson(stack, { ...sendEmailBody('contact'), turnstileToken });
    expect(response.status).toBe(403);
    expect(response.json.error).toEqual(expect.stringContaining('Security verification failed'));
    expect(response.json.error).toContain(reason);
    expect(await stored()).toBe(before);
  });

  it('checkout takes a token of the donate widget, not one of a form', async () => {
    const sessions = stack.stripe.sessions.length;
    const refused = await postJson(stack, donation(passToken('contact')), '/api/create-checkout-session');
    expect(refused.status).toBe(403);
    expect(stack.stripe.sessions).toHaveLength(sessions);
    const accepted = await postJson(stack, donation(passToken('donate')), '/api/create-checkout-session');
    expect(accepted.status).toBe(200);
    expect(stack.stripe.sessions).toHaveLength(sessions + 1);
  });
});

describe("Turnstile: Cloudflare's always-pass test secret (development only)", () => {
  it('accepts its dummy token although the answer names no site or form of ours', async () => {
    const dummy = await createTurnstileStub(TURNSTILE_ALWAYS_PASS_SECRET).start();
    const stack = await startTestStack({
      TURNSTILE_SECRET_KEY: TURNSTILE_ALWAYS_PASS_SECRET,
      TURNSTILE_VERIFY_URL: `${dummy.url}/siteverify`,
    });
    try {
      const response = await postJson(stack, { ...sendEmailBody('contact'), turnstileToken: TURNSTILE_DUMMY_TOKEN });
      expect(response.status).toBe(201);
      expect(dummy.requests).toHaveLength(1);
    } finally {
      await stack.close();
      await dummy.stop();
    }
  });
});
