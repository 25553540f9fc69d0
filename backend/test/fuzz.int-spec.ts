import fc from 'fast-check';
import { Client } from 'pg';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Issue 8: generated bad inputs against every POST endpoint. None may produce a 5xx, every refusal is a clear
 * JSON 4xx, and nothing is written for the forms and checkout (no generated token can pass the bot check).
 */
const RUNS_PER_ENDPOINT = 2500; // 4 endpoints: 10,000 requests

const validForms = {
  contact: { name: 'Ana', email: 'ana@example.org', subject: 'Hoi', message: 'Vraag' },
  'help-request': {
    name: 'Ana',
    email: 'ana@example.org',
    phone: '0612345678',
    location: 'Den Helder',
    familySize: 3,
    helpType: 'food',
    description: 'Hulp gevraagd',
    preferredContact: 'email',
  },
};

/** Either arbitrary JSON or a valid-looking payload with one field replaced by arbitrary JSON. */
function mutated(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  return fc.oneof(
    fc.jsonValue(),
    fc
      .record({ key: fc.constantFrom(...keys), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...base, [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const copy = { ...base };
      delete copy[key];
      return copy;
    }),
    fc.string({ maxLength: 40 }).map((extra) => ({ ...base, [`x${extra}`]: 1 })),
  );
}

describe('generated bad inputs against every POST endpoint', () => {
  let stack: TestStack;
  let db: Client;
  let client = 0;
  beforeAll(async () => {
    stack = await startTestStack({
      // Each request comes from its own client address, so the per-IP limits stay out of the way.
      TRUST_PROXY: 'true',
    });
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  async function post(path: string, body: unknown, raw = false): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(++client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      },
      body: raw ? String(body) : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json };
  }

  function expectClearRefusal({ status, json }: { status: number; json: unknown }): void {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(json).toMatchObject({ success: false, error: expect.any(String) });
    expect(JSON.stringify(json)).not.toMatch(/\n\s+at |node_modules|\/work\//);
  }

  it('POST /api/send-email: no 5xx, a JSON 4xx every time, no row written', async () => {
    const envelope = fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.oneof(fc.constantFrom('volunteer', 'contact', 'help-request'), fc.jsonValue()),
        formData: fc.oneof(mutated(validForms.contact), mutated(validForms['help-request'])),
        language: fc.oneof(fc.constantFrom('nl', 'en', 'es'), fc.jsonValue()),
        turnstileToken: fc.oneof(fc.string({ maxLength: 50 }), fc.jsonValue()),
      }),
    );
    await fc.assert(
      fc.asyncProperty(envelope, async (body) => expectClearRefusal(await post('/api/send-email', body))),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect((await db.query('SELECT count(*)::int AS n FROM submissions')).rows[0].n).toBe(0);
    expect(stack.smtp.messages).toHaveLength(0);
  });

  it('POST /api/create-checkout-session: no 5xx, a JSON 4xx every time, no intent, no Stripe call', async () => {
    const base = {
      amount: 25,
      name: 'Ana',
      email: 'ana@example.org',
      message: '',
      source: 'google',
      platform: '',
      referrerName: '',
      referrerEmail: '',
      language: 'nl',
      turnstileToken: 'not-a-pass-token',
    };
    await fc.assert(
      fc.asyncProperty(mutated(base), async (body) =>
        expectClearRefusal(await post('/api/create-checkout-session', body)),
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect((await db.query('SELECT count(*)::int AS n FROM donation_intents')).rows[0].n).toBe(0);
    expect(stack.stripe.sessions).toHaveLength(0);
  });

  it('POST /api/stripe/webhook: unsigned or garbage bodies are refused with 400 and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.string({ maxLength: 200 }),
        ),
        async (body) => {
          const result = await post('/api/stripe/webhook', body, true);
          expect(result.status).toBe(400);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect((await db.query('SELECT count(*)::int AS n FROM stripe_events')).rows[0].n).toBe(0);
  });

  it('POST /api/report-error: never a 5xx (reports are capped, not refused)', async () => {
    const base = { message: 'x', stack: 'y', componentStack: 'z', url: 'u', userAgent: 'a', timestamp: 't' };
    await fc.assert(
      fc.asyncProperty(mutated(base), async (body) => {
        const { status } = await post('/api/report-error', body);
        expect([202, 400, 413]).toContain(status);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});
