import fc from 'fast-check';
import { Client } from 'pg';
import { rawRequest } from './support/raw-http';
import { sendEmailBody, VALID_FORMS, type FormType } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';
import { passToken } from './support/turnstile-stub';

/**
 * Generated bad inputs against every POST endpoint. None may produce a 5xx, every refusal is a clear
 * JSON 4xx, and nothing is written for the forms and checkout. The row counts are compared in the database before
 * and after each run, and each run ends with one valid request that must add a row: so the count is known to
 * see writes. The hostile-text and nesting classes carry a token that passes the bot check, so only the server's
 * own refusal keeps them out of the database.
 *
 * Also generated: malformed percent-encoding in paths, bodies on GET and HEAD.
 */
const RUNS_PER_ENDPOINT = 2500; // 4 endpoints: 10,000 requests
const RUNS_PER_EDGE_CLASS = 400;

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

/** Characters PostgreSQL cannot store in text or JSON, or that are not text at all. */
const UNSTORABLE = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];

/** The string fields of each valid form. */
function stringFields(type: FormType): string[] {
  return Object.entries(VALID_FORMS[type])
    .filter(([, value]) => typeof value === 'string')
    .map(([key]) => key);
}

/** A valid form (with a passing token) in which one string field has an unstorable character at some place. */
const hostileText = fc
  .constantFrom(...(Object.keys(VALID_FORMS) as FormType[]))
  .chain((type) =>
    fc.record({
      type: fc.constant(type),
      field: fc.constantFrom(...stringFields(type)),
      at: fc.nat(),
      bad: fc.constantFrom(...UNSTORABLE),
      inKey: fc.boolean(),
    }),
  )
  .map(({ type, field, at, bad, inKey }) => {
    const body = sendEmailBody(type);
    const formData: Record<string, unknown> = { ...body.formData };
    if (inKey) formData[`${field}${bad}`] = 'x';
    else {
      const value = String(formData[field]);
      const cut = at % (value.length + 1);
      formData[field] = `${value.slice(0, cut)}${bad}${value.slice(cut)}`;
    }
    return JSON.stringify({ ...body, formData, turnstileToken: passToken(type) });
  });

/** Valid JSON nested deeper than any form: arrays or objects, in the form data or in one field. */
const deepNesting = fc
  .record({
    depth: fc.integer({ min: 64, max: 3000 }),
    open: fc.constantFrom('[', '{"a":'),
    where: fc.constantFrom('formData', 'name'),
  })
  .map(({ depth, open, where }) => {
    const close = open === '[' ? ']' : '}';
    const nested = `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`;
    const body = sendEmailBody('contact');
    const json = JSON.stringify({ ...body, turnstileToken: passToken('contact') });
    return where === 'formData'
      ? json.replace(JSON.stringify(body.formData), nested)
      : json.replace(JSON.stringify(body.formData.name), nested);
  });

/** A percent sign followed by something that is not a complete UTF-8 escape. */
const malformedEscape = fc.constantFrom('%', '%f', '%ff', '%zz', '%c3%28', '%e0%a4', '%ed%a0%80', '%c0%af', '%%');
const pathText = fc.stringMatching(/^[a-z0-9\-._~/]{0,12}$/);
const malformedPath = fc
  .tuple(fc.constantFrom('', '/en', '/es', '/api', '/api/send-email', '/admin'), pathText, malformedEscape, pathText)
  .map(([prefix, before, escape, after]) => `${prefix}/${before}${escape}${after}`);

describe('generated bad inputs against every POST endpoint', () => {
  let stack: TestStack;
  let db: Client;
  let client = 0;
  const count = async (table: string): Promise<number> =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  beforeAll(async () => {
    stack = await startTestStack({
      // Each request comes from its own client address, so the per-IP limits stay out of the way.
      TRUST_PROXY: '1',
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

  /** Proves `table` sees this endpoint's writes: one valid request adds exactly one row. */
  async function expectControlWrites(table: string, path: string, body: unknown, status: number): Promise<void> {
    const before = await count(table);
    expect((await post(path, body)).status).toBe(status);
    expect(await count(table)).toBe(before + 1);
  }

  it('POST /api/send-email: no 5xx, a JSON 4xx every time, no row written', async () => {
    const before = await count('submissions');
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
    expect(await count('submissions')).toBe(before);
    expect(stack.smtp.messages).toHaveLength(0);
    await expectControlWrites('submissions', '/api/send-email', sendEmailBody('contact'), 201);
  });

  it('POST /api/send-email: NUL bytes and lone surrogates in a field or a field name are a 400, nothing stored', async () => {
    const before = await count('submissions');
    await fc.assert(
      fc.asyncProperty(hostileText, async (body) => {
        const answer = await post('/api/send-email', body, true);
        expectClearRefusal(answer);
        expect(answer.status).toBe(400);
      }),
      { numRuns: RUNS_PER_EDGE_CLASS },
    );
    expect(await count('submissions')).toBe(before);
    await expectControlWrites('submissions', '/api/send-email', sendEmailBody('help-request'), 201);
  });

  it('POST /api/send-email and report-error: deeply nested JSON is a 400 (or 413), never a 500', async () => {
    const before = await count('submissions');
    const reportsBefore = await count('error_reports');
    await fc.assert(
      fc.asyncProperty(deepNesting, fc.constantFrom('/api/send-email', '/api/report-error'), async (body, path) => {
        const answer = await post(path, body, true);
        expectClearRefusal(answer);
        expect([400, 413]).toContain(answer.status);
      }),
      { numRuns: RUNS_PER_EDGE_CLASS },
    );
    expect(await count('submissions')).toBe(before);
    expect(await count('error_reports')).toBe(reportsBefore);
  });

  it('POST /api/create-checkout-session: no 5xx, a JSON 4xx every time, no donation, no Stripe call', async () => {
    const donationsBefore = await count('donations');
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
    expect(await count('donations')).toBe(donationsBefore);
    expect(stack.stripe.sessions).toHaveLength(0);
    await expectControlWrites(
      'donations',
      '/api/create-checkout-session',
      { ...base, turnstileToken: passToken('donate') },
      200,
    );
  });

  it('POST /api/stripe/webhook: unsigned or garbage bodies are refused with 400 and nothing stored', async () => {
    const before = await count('stripe_events');
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
    expect(await count('stripe_events')).toBe(before);
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

describe('generated bad requests at the HTTP edge', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ TRUST_PROXY: '1' });
  });
  afterAll(() => stack.close());

  const send = (method: string, path: string, body?: string) => rawRequest(stack.url, method, path, body);

  it('malformed percent-encoding in the path: a 4xx every time, JSON for API calls, a page for page requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'HEAD', 'POST'), malformedPath, async (method, path) => {
        const answer = await send(method, path, method === 'POST' ? '{}' : undefined);
        expect({ path, status: answer.status }).toEqual({ path, status: expect.any(Number) });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        if (method === 'POST') expect(JSON.parse(answer.text)).toMatchObject({ success: false });
        if (method === 'GET') expect(answer.headers['content-type']).toContain('text/html');
      }),
      { numRuns: RUNS_PER_EDGE_CLASS },
    );
  });

  it('a body on GET or HEAD changes nothing: the same status as without one', async () => {
    const paths = ['/', '/en/contact', '/healthz', '/does-not-exist', '/api/send-email', '/admin', '/robots.txt'];
    const plain = new Map<string, number>();
    for (const path of paths) plain.set(path, (await send('GET', path)).status);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD'),
        fc.constantFrom(...paths),
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string({ maxLength: 200 }),
          fc.constantFrom('{"type":', '\u0000', '[[[[', 'x'.repeat(40_000)),
        ),
        async (method, path, body) => {
          const answer = await send(method, path, body);
          expect({ method, path, status: answer.status }).toEqual({ method, path, status: plain.get(path) });
        },
      ),
      { numRuns: RUNS_PER_EDGE_CLASS },
    );
  });
});
