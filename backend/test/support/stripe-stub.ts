import { randomBytes } from 'node:crypto';
import { HttpStub, sendJson, type StubRequest } from './http-stub';

export interface CreatedSession {
  id: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * Speaks the part of Stripe's HTTP API the site uses: POST /v1/checkout/sessions (form-encoded, Bearer key),
 * answering a Checkout Session whose `url` is a local checkout page served by the stub itself.
 * `failNext` makes the next call fail the way Stripe does (card_error / api_error JSON with a status).
 */
export class StripeStub {
  readonly sessions: CreatedSession[] = [];
  failNext: { status: number; type: string; message: string } | undefined;
  readonly http: HttpStub;

  constructor(private readonly secretKey: string) {
    this.http = new HttpStub((request, response) => this.handle(request, response));
  }

  async start(port = 0): Promise<this> {
    await this.http.start(port);
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  get url(): string {
    return this.http.url;
  }

  private handle(request: StubRequest, response: Parameters<typeof sendJson>[0]): void {
    if (request.method === 'GET' && request.path.startsWith('/checkout/')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><title>Stripe Checkout (test stub)</title><h1>Stripe Checkout (test stub)</h1></html>',
      );
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      if (this.failNext) {
        const failure = this.failNext;
        this.failNext = undefined;
        return sendJson(response, failure.status, { error: { type: failure.type, message: failure.message } });
      }
      const params = new URLSearchParams(request.body);
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const existing = this.sessions.find((s) => idempotencyKey && s.idempotencyKey === idempotencyKey);
      const session = existing ?? { id, params, idempotencyKey };
      if (!existing) this.sessions.push(session);
      return sendJson(response, 200, {
        id: session.id,
        object: 'checkout.session',
        mode: params.get('mode'),
        url: `${this.url}/checkout/${session.id}`,
        status: 'open',
        metadata: {},
      });
    }
    sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path})`,
      },
    });
  }

  static randomSecret(): string {
    return `sk_test_${randomBytes(12).toString('hex')}`;
  }
}
