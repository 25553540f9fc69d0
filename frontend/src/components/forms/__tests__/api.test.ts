import { postJson } from '../api';
import { sendSubmission, SubmissionError } from '../sendSubmission';

function respond(status: number, body: string, contentType = 'application/json') {
  global.fetch = jest.fn().mockResolvedValue(new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

const refusal = JSON.stringify({
  success: false,
  error: 'Some fields are missing or invalid.',
  fields: { 'formData.email': 'Enter a valid email address.', 'formData.name': ['Too', 'long.'] },
  codes: { 'formData.email': 'invalid_email', 'formData.name': 'no_such_code' },
});

describe('postJson: one reading of the API answers for every form (docs/product.md §7, §8)', () => {
  test('posts JSON with the abort signal and returns the body of a 2xx', async () => {
    respond(200, JSON.stringify({ success: true, id: 'abc' }));
    const signal = new AbortController().signal;
    await expect(postJson('/api/x', { a: 1 }, { signal })).resolves.toMatchObject({
      kind: 'ok',
      status: 200,
      body: { success: true, id: 'abc' },
    });
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect([url, init.method, init.body, init.signal]).toEqual(['/api/x', 'POST', '{"a":1}', signal]);
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  test('400: field messages and the known codes', async () => {
    respond(400, refusal, 'application/json; charset=utf-8');
    await expect(postJson('/api/x', {})).resolves.toEqual({
      kind: 'invalid',
      status: 400,
      body: JSON.parse(refusal),
      error: 'Some fields are missing or invalid.',
      fields: { 'formData.email': 'Enter a valid email address.', 'formData.name': 'Too long.' },
      codes: { 'formData.email': 'invalid_email' },
    });
  });

  test.each([
    [429, 'rate-limited'],
    [403, 'refused'],
    [413, 'refused'],
    [415, 'refused'],
    [500, 'server-error'],
    [503, 'server-error'],
  ])('%i -> %s, with the server text', async (status, kind) => {
    respond(status, JSON.stringify({ success: false, error: 'Nope' }));
    await expect(postJson('/api/x', {})).resolves.toEqual({
      kind,
      status,
      body: { success: false, error: 'Nope' },
      error: 'Nope',
    });
  });

  test.each([
    ['a text/plain answer', 'Bad gateway', 'text/plain'],
    ['JSON that does not parse', '<html>', 'application/json'],
  ])('%s has no body', async (_name, body, contentType) => {
    respond(502, body, contentType);
    await expect(postJson('/api/x', {})).resolves.toEqual({ kind: 'server-error', status: 502, body: undefined });
  });

  test('an unreachable server is a network result, never a rejection', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(postJson('/api/x', {})).resolves.toEqual({
      kind: 'network',
      status: 0,
      body: undefined,
      error: 'Failed to fetch',
    });
  });
});

describe('sendSubmission on postJson', () => {
  const request = { type: 'contact', formData: {}, language: 'en', turnstileToken: 't' } as const;

  test('a refused form keeps its field messages and codes', async () => {
    respond(400, refusal);
    const error = (await sendSubmission(request).catch((caught: unknown) => caught)) as SubmissionError;
    expect(error).toBeInstanceOf(SubmissionError);
    expect([error.status, error.message, error.fields, error.codes]).toEqual([
      400,
      'Some fields are missing or invalid.',
      { 'formData.email': 'Enter a valid email address.', 'formData.name': 'Too long.' },
      { 'formData.email': 'invalid_email' },
    ]);
  });

  test.each([
    [200, JSON.stringify({ success: false }), 'application/json', 500, 'Server returned 200'],
    [502, 'Bad gateway', 'text/plain', 502, 'Server returned 502'],
    [429, JSON.stringify({ success: false, error: 'Slow down' }), 'application/json', 429, 'Slow down'],
  ])('%i %s -> status %i "%s"', async (status, body, contentType, expectedStatus, message) => {
    respond(status, body, contentType);
    await expect(sendSubmission(request)).rejects.toMatchObject({ status: expectedStatus, message });
  });

  test('network failure is status 0', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendSubmission(request)).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});
