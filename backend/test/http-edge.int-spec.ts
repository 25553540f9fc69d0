import { Client } from 'pg';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { rawRequest, type RawAnswer } from './support/raw-http';
import { sendEmailBody } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

type Answer = RawAnswer;

const send = (stack: TestStack, method: string, path: string, body?: string, headers?: Record<string, string>) =>
  rawRequest(stack.url, method, path, body, headers);

function expectJsonError(answer: Answer, status: number): void {
  expect({ status: answer.status, type: answer.headers['content-type'] }).toEqual({
    status,
    type: expect.stringContaining('application/json'),
  });
  expect(JSON.parse(answer.text)).toEqual({
    success: false,
    error: expect.any(String),
    ...(JSON.parse(answer.text).fields ? { fields: expect.any(Object), codes: expect.any(Object) } : {}),
  });
}

function expectErrorPage(answer: Answer, status: number, language = 'nl'): void {
  expect({ status: answer.status, type: answer.headers['content-type'] }).toEqual({
    status,
    type: expect.stringContaining('text/html'),
  });
  expect(answer.text).toContain(`<html lang="${language}"`);
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

describe('the HTTP edge: paths, bodies and headers', () => {
  let stack: TestStack;
  let db: Client;
  const submissions = async () => (await db.query('SELECT count(*)::int AS n FROM submissions')).rows[0].n as number;

  beforeAll(async () => {
    stack = await startTestStack();
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await stack.close();
  });

  describe('long paths', () => {
    /** A path of `length` characters made of slashes and one letter: the worst case of /\/+$/. */
    const slashes = (length: number) => `${'/'.repeat(length - 1)}a`;

    it.each(['GET', 'HEAD'])(
      '%s: a 15 KB path costs about what a 1 KB path costs (one client cannot stall the server)',
      async (method) => {
        const small: number[] = [];
        const large: number[] = [];
        for (let run = 0; run < 9; run++) {
          for (const [length, costs] of [
            [1024, small],
            [15 * 1024, large],
          ] as const) {
            const start = performance.now();
            await send(stack, method, slashes(length));
            costs.push(performance.now() - start);
          }
        }
        // Medians of alternating runs: a busy machine slows both sides alike. Before the fix: about 100x.
        expect(median(large)).toBeLessThan(4 * median(small));
      },
    );

    it('refuses a path over 2 KB with 414: the 404 page for pages, the JSON error under /api', async () => {
      expectErrorPage(await send(stack, 'GET', `/${'a'.repeat(2100)}`), 414);
      expectErrorPage(await send(stack, 'GET', `/en/${'a'.repeat(2100)}`), 414, 'en');
      expect((await send(stack, 'HEAD', slashes(4000))).status).toBe(414);
      expectJsonError(await send(stack, 'POST', `/api/send-email/${'a'.repeat(2100)}`, '{}'), 414);
      expectJsonError(await send(stack, 'GET', `/api/${'a'.repeat(2100)}`), 414);
      // The query string is not part of the path: a long one on a page is fine.
      expect((await send(stack, 'GET', `/en?utm_content=${'a'.repeat(2100)}`)).status).toBe(200);
      // 2 KB exactly is still an ordinary (unknown) path.
      expectErrorPage(await send(stack, 'GET', `/${'a'.repeat(2047)}`), 404);
    });
  });

  describe('client mistakes are 4xx, never 500', () => {
    it.each([
      ['GET', '/%ff', 'nl'],
      ['GET', '/en/%ff', 'en'],
      ['GET', '/es/%E0%A4%A', 'es'],
      ['HEAD', '/%ff', 'nl'],
    ])('%s %s (malformed percent-encoding) is the 404 page', async (method, path, language) => {
      const answer = await send(stack, method, path);
      if (method === 'HEAD') expect(answer.status).toBe(404);
      else expectErrorPage(answer, 404, language);
    });

    it('a malformed path under /api: 403 page for a page request, a JSON 4xx for an API call', async () => {
      expectErrorPage(await send(stack, 'GET', '/api/%ff'), 403);
      const answer = await send(stack, 'POST', '/api/%ff', '{}');
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expectJsonError(answer, answer.status);
    });

    it.each([
      ['/', '{"a":1}', 200],
      ['/healthz', '{"type":', 200],
      ['/en/contact', 'not json at all', 200],
      ['/does-not-exist', '{"type":', 404],
      ['/api/send-email', '{"type":', 403],
    ])('GET %s with a body (%s) is answered as without one', async (path, body, status) => {
      const answer = await send(stack, 'GET', path, body);
      expect(answer.status).toBe(status);
    });

    it.each([
      ['a NUL byte', 'Ana\u0000Bakker'],
      ['a lone high surrogate', 'Ana \ud800 Bakker'],
      ['a lone low surrogate', '\udc00'],
    ])('a field with %s: 400 naming the field, nothing stored', async (_what, name) => {
      const before = await submissions();
      const answer = await send(stack, 'POST', '/api/send-email', JSON.stringify(sendEmailBody('contact', { name })));
      expectJsonError(answer, 400);
      expect(JSON.parse(answer.text).fields).toEqual({ 'formData.name': expect.any(String) });
      expect(JSON.parse(answer.text).codes).toEqual({ 'formData.name': 'control_characters' });
      expect(await submissions()).toBe(before);
    });

    it('a NUL byte in a field name: 400, nothing stored', async () => {
      const before = await submissions();
      const body = sendEmailBody('contact');
      const answer = await send(
        stack,
        'POST',
        '/api/send-email',
        JSON.stringify({ ...body, formData: { ...body.formData, 'x\u0000': 'y' } }),
      );
      expectJsonError(answer, 400);
      expect(await submissions()).toBe(before);
    });

    it.each([
      ['/api/report-error', `{"message":${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['/api/send-email', `{"type":"contact","formData":${'['.repeat(4000)}${']'.repeat(4000)}}`],
      ['/api/create-checkout-session', `{"amount":25,"name":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`],
    ])('deeply nested JSON to %s: 400', async (path, body) => {
      expectJsonError(await send(stack, 'POST', path, body), 400);
    });

    it('a valid form still goes through (the checks refuse only what they should)', async () => {
      const before = await submissions();
      const body = sendEmailBody('contact', { name: 'Zoë 😀 Ångström', message: 'Tab\there,\nnew line, €5' });
      expect((await send(stack, 'POST', '/api/send-email', JSON.stringify(body))).status).toBe(201);
      expect(await submissions()).toBe(before + 1);
    });
  });

  describe('/API in capitals does not reach the API', () => {
    it.each(['/API/send-email', '/Api/send-email', '/api/Send-Email'])(
      'POST %s: a JSON 404, nothing stored',
      async (path) => {
        const before = await submissions();
        const answer = await send(stack, 'POST', path, JSON.stringify(sendEmailBody('contact')));
        expectJsonError(answer, 404);
        expect(await submissions()).toBe(before);
      },
    );

    it.each(['/API/send-email', '/API', '/Api/report-error'])('GET %s: the 403 page, like /api', async (path) => {
      expectErrorPage(await send(stack, 'GET', path), 403);
    });

    it('GET /HEALTHZ is not the health check', async () => {
      expect((await send(stack, 'GET', '/HEALTHZ')).status).toBe(404);
    });
  });

  describe('security headers', () => {
    it.each(['/', '/en/donate', '/does-not-exist', '/admin'])(
      'page %s: Permissions-Policy and framing denied',
      async (path) => {
        const answer = await send(stack, 'GET', path);
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        const policy = String(answer.headers['permissions-policy']);
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
          expect(policy).toMatch(new RegExp(`(^|, )${feature}=\\(\\)`));
        }
      },
    );

    it('API answers deny framing too', async () => {
      const answer = await send(stack, 'POST', '/api/send-email', '{}');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    });
  });
});

describe('the HTTP edge: slow and excess connections', () => {
  let stack: TestStack;
  const HEADERS_TIMEOUT_MS = 1500;
  const MAX_CONNECTIONS = 6;

  beforeAll(async () => {
    stack = await startTestStack({
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    });
  });
  afterAll(() => stack.close());

  function open(): Promise<Socket> {
    const { hostname, port } = new URL(stack.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(socket));
      socket.on('error', reject);
    });
  }

  /** Milliseconds until the server closes the socket (or `limitMs` if it does not); `received` gets its bytes. */
  function closedAfter(socket: Socket, limitMs: number, received: Buffer[] = []): Promise<number> {
    const start = performance.now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(limitMs), limitMs);
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(performance.now() - start);
      });
    });
  }

  it('cuts off a client that sends its headers slowly, within the configured time', async () => {
    const socket = await open();
    const received: Buffer[] = [];
    const closed = closedAfter(socket, 15_000, received);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header line a little more often than any idle timeout, never finishing the request.
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    const elapsed = await closed;
    clearInterval(drip);
    socket.destroy();
    expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
    expect(Buffer.concat(received).toString()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that sends its body slowly', async () => {
    const socket = await open();
    const closed = closedAfter(socket, 15_000);
    socket.write(
      'POST /api/report-error HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const elapsed = await closed;
    clearInterval(drip);
    socket.destroy();
    expect(elapsed).toBeLessThan(3000 + 2000);
  });

  it(`refuses connections above the cap (${MAX_CONNECTIONS}) and accepts again once some close`, async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, open));
    const extra = await open().catch(() => undefined);
    // The extra connection is closed by the server at once, without an answer.
    const extraClosed = extra ? await closedAfter(extra, 1000) : 0;
    expect(extraClosed).toBeLessThan(1000);
    // The held ones are still open and served.
    held[0].write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const answer: Buffer[] = [];
    await closedAfter(held[0], 5000, answer);
    expect(Buffer.concat(answer).toString()).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await fetch(`${stack.url}/healthz`);
    expect(response.status).toBe(200);
  });
});
