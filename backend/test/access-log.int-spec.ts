import { randomUUID } from 'node:crypto';
import { AppProcess, useFaultFixture, waitUntil } from './support/faults-app';
import { passToken } from './support/turnstile-stub';
import { sql } from './support/submissions';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { name?: string; message?: string; stack?: string; type?: string };
  [key: string]: unknown;
}

/**
 * What operators read: the production build's JSON log lines on stdout (LOG_LEVEL=info). Every request leaves
 * exactly one access line with its request id, method, path (without the query, cut to 512 characters) and
 * status, however it was answered: page, asset, 403 probe, 413, invalid JSON, 414. A 500 line keeps the error's
 * name and message and carries none of the visitor's form fields.
 */
describe('logs: one access line per request, and 500 lines that keep the error', () => {
  const fixture = useFaultFixture();
  let app: AppProcess;
  let output = '';

  beforeAll(async () => {
    app = AppProcess.main(await fixture.stubs.env(fixture.database.url, { NODE_ENV: 'production', LOG_LEVEL: 'info' }));
    fixture.apps.push(app);
    app.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await app.waitReady(120_000);
  }, 150_000);

  function lines(): LogLine[] {
    return output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  }

  /** Sends one request with its own x-request-id and returns that id, the status and the lines carrying the id. */
  async function request(path: string, init: RequestInit = {}) {
    const id = `t-${randomUUID()}`;
    const response = await fetch(`${app.url}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-request-id': id },
    });
    await response.arrayBuffer();
    const mine = () => lines().filter((line) => line.req?.id === id || line.reqId === id);
    await waitUntil(
      () => mine().some((line) => line.res),
      10_000,
      () => `an access line for ${path}`,
    );
    // A moment for any second line (there must be none).
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { id, status: response.status, lines: mine() };
  }

  const json = (body: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

  it.each([
    ['a page', '/en/contact?utm_source=flyer', {}, 200, '/en/contact'],
    ['the favicon', '/favicon.svg', {}, 200, '/favicon.svg'],
    ['a missing asset', '/assets/nothing-here.js', {}, 404, '/assets/nothing-here.js'],
    ['a 403 probe', '/admin/login.php', {}, 403, '/admin/login.php'],
    ['an unknown page', '/does-not-exist', {}, 404, '/does-not-exist'],
    ['a 413', '/api/send-email', json(JSON.stringify({ x: 'a'.repeat(40_000) })), 413, '/api/send-email'],
    ['invalid JSON', '/api/send-email', json('{"type":'), 400, '/api/send-email'],
    ['an unknown API path', '/api/nothing', json('{}'), 404, '/api/nothing'],
    ['a robots.txt', '/robots.txt', {}, 200, '/robots.txt'],
  ])('%s: exactly one access line with id, method, path and status', async (_what, path, init, status, logged) => {
    const result = await request(path, init);
    expect(result.status).toBe(status);
    const access = result.lines.filter((line) => line.res);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      req: { id: result.id, method: (init as RequestInit).method ?? 'GET', url: logged },
      res: { statusCode: status },
    });
  });

  it('an asset of the build: one access line', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const result = await request(asset!);
    expect(result.status).toBe(200);
    expect(result.lines.filter((line) => line.res)).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ url: asset }), res: { statusCode: 200 } }),
    ]);
  });

  it('a 414 path is logged once, cut to 512 characters', async () => {
    const path = `/${'x'.repeat(3000)}`;
    const result = await request(path);
    expect(result.status).toBe(414);
    const access = result.lines.filter((line) => line.res);
    expect(access).toHaveLength(1);
    expect(access[0].req?.url?.length).toBeLessThanOrEqual(513);
    expect(path.startsWith(access[0].req!.url!.replace(/…$/, ''))).toBe(true);
  });

  it.each([
    ['abc.DEF_1-2', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['<script>', false],
    ['id with spaces', false],
    ['a/b', false],
  ])('x-request-id %p is kept as the request id: %p (else one is generated)', async (given, kept) => {
    const path = `/probe-${randomUUID()}`;
    const response = await fetch(`${app.url}${path}`, { headers: { 'x-request-id': given } });
    await response.arrayBuffer();
    const access = await waitUntil(
      () => lines().find((line) => line.res && line.req?.url === path),
      10_000,
      () => `an access line for ${path}`,
    );
    if (kept) expect(access.req?.id).toBe(given);
    else expect(access.req?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('a 500 line keeps the error name and message, and none of the submitted form', async () => {
    await sql(fixture, 'ALTER TABLE submissions RENAME TO submissions_hidden');
    try {
      const form = {
        type: 'contact',
        formData: {
          name: 'Quirine Zwartsenberg',
          email: 'quirine.zwartsenberg@example.org',
          subject: 'Onderwerp-Xylofoon',
          message: 'Bericht-Walvisachtig',
        },
        language: 'nl',
        turnstileToken: passToken('contact'),
      };
      const result = await request('/api/send-email', json(JSON.stringify(form)));
      expect(result.status).toBe(500);
      const failure = result.lines.find((line) => line.msg === 'request failed');
      expect(failure?.err).toMatchObject({
        name: expect.stringMatching(/^(?!\[redacted\]).+/),
        message: expect.stringContaining('submissions'),
      });
      const everything = result.lines.map((line) => JSON.stringify(line)).join('\n');
      for (const value of Object.values(form.formData)) expect(everything).not.toContain(value);
    } finally {
      await sql(fixture, 'ALTER TABLE submissions_hidden RENAME TO submissions');
    }
  });
});
