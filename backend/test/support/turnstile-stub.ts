import { TURNSTILE_ALWAYS_PASS_SECRET } from '../../src/config/app-config';
import { HttpStub, sendJson } from './http-stub';

/** Tokens the Turnstile stub understands. Anything else fails as `invalid-input-response`. */
export const TURNSTILE_TOKENS = {
  /** Passes, for a widget without an action; `passToken(action)` passes for a widget with one. */
  pass: 'test-pass-token',
  /** Passes, but for another site's hostname: the server must refuse it. */
  wrongHostname: 'test-wrong-hostname',
  /** Passes, but the answer names no hostname: the server must refuse it. */
  noHostname: 'test-no-hostname',
  /** Answers after 10 s, longer than the server waits. */
  slow: 'test-slow-token',
  /** The stub answers 500. */
  serverError: 'test-server-error',
} as const;

/** What Cloudflare's dummy site keys hand the browser; only its test secrets accept it. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * A passing token for a widget rendered with `action` (the form type, or "donate"). Like a real token, it carries
 * the action: siteverify reports it back. The browser stand-in in e2e/support/stubs.ts builds the same shape.
 */
export function passToken(action: string): string {
  return `${TURNSTILE_TOKENS.pass}.${action}`;
}

/**
 * Speaks Cloudflare's siteverify API (form or JSON body with secret, response, remoteip) and answers as it does:
 * `{success, challenge_ts, hostname, error-codes, action, cdata}`.
 */
export function createTurnstileStub(expectedSecret: string, hostname = '127.0.0.1'): HttpStub {
  return new HttpStub(async (request, response) => {
    const params = request.headers['content-type']?.includes('json')
      ? (JSON.parse(request.body || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(request.body));
    if (params.secret !== expectedSecret) {
      return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
    }
    const solved = (answer: Record<string, unknown>) => ({
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname,
      'error-codes': [],
      action: '',
      cdata: '',
      ...answer,
    });
    if (params.secret === TURNSTILE_ALWAYS_PASS_SECRET) {
      // Cloudflare's test secret: its dummy token passes, with an answer tied to no real site or widget.
      return params.response === TURNSTILE_DUMMY_TOKEN
        ? sendJson(response, 200, solved({ hostname: 'example.com', metadata: { result_with_testing_key: true } }))
        : sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-response'] });
    }
    const [token, action = ''] = splitAtFirstDot(params.response ?? '');
    switch (token) {
      case TURNSTILE_TOKENS.pass:
        return sendJson(response, 200, solved({ action }));
      case TURNSTILE_TOKENS.wrongHostname:
        return sendJson(response, 200, solved({ hostname: 'evil.example', action }));
      case TURNSTILE_TOKENS.noHostname: {
        const { hostname: _omitted, ...answer } = solved({ action });
        return sendJson(response, 200, answer);
      }
      case TURNSTILE_TOKENS.slow:
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        return sendJson(response, 200, solved({ action }));
      case TURNSTILE_TOKENS.serverError:
        return sendJson(response, 500, { error: 'internal' });
      default:
        return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-response'] });
    }
  });
}

function splitAtFirstDot(value: string): [string, string?] {
  const dot = value.indexOf('.');
  return dot === -1 ? [value] : [value.slice(0, dot), value.slice(dot + 1)];
}
