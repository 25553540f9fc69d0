import { HttpStub, sendJson } from './http-stub';

/** Tokens the Turnstile stub understands. Anything else fails as `invalid-input-response`. */
export const TURNSTILE_TOKENS = {
  pass: 'test-pass-token',
  /** Passes, but for another site's hostname: the server must refuse it. */
  wrongHostname: 'test-wrong-hostname',
  /** Answers after 10 s, longer than the server waits. */
  slow: 'test-slow-token',
  /** The stub answers 500. */
  serverError: 'test-server-error',
} as const;

/** Speaks Cloudflare's siteverify API (form or JSON body with secret, response, remoteip). */
export function createTurnstileStub(expectedSecret: string, hostname = '127.0.0.1'): HttpStub {
  return new HttpStub(async (request, response) => {
    const params = request.headers['content-type']?.includes('json')
      ? (JSON.parse(request.body || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(request.body));
    if (params.secret !== expectedSecret) {
      return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
    }
    switch (params.response) {
      case TURNSTILE_TOKENS.pass:
        return sendJson(response, 200, {
          success: true,
          hostname,
          challenge_ts: new Date().toISOString(),
          'error-codes': [],
        });
      case TURNSTILE_TOKENS.wrongHostname:
        return sendJson(response, 200, { success: true, hostname: 'evil.example', 'error-codes': [] });
      case TURNSTILE_TOKENS.slow:
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        return sendJson(response, 200, { success: true, hostname, 'error-codes': [] });
      case TURNSTILE_TOKENS.serverError:
        return sendJson(response, 500, { error: 'internal' });
      default:
        return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-response'] });
    }
  });
}
