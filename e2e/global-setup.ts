import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStub, sendJson } from '../backend/test/support/http-stub';
import { SmtpSink } from '../backend/test/support/smtp-sink';
import { StripeStub } from '../backend/test/support/stripe-stub';
import { createTestDatabase } from '../backend/test/support/test-database';
import { TEST_TURNSTILE_SECRET, testEnv } from '../backend/test/support/test-env';
import { createTurnstileStub } from '../backend/test/support/turnstile-stub';
import {
  E2E_APP_PORT,
  E2E_BASE_URL,
  E2E_CONTROL_PORT,
  E2E_SMTP_PORT,
  E2E_STRIPE_PORT,
  E2E_TURNSTILE_PORT,
} from './support/ports';

const root = join(__dirname, '..');

async function waitForReady(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited during startup:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app did not become ready within 60 s:\n${output()}`);
}

/** Starts the whole stack once for all e2e tests; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(root, 'backend/dist/main.js')) || !existsSync(join(root, 'frontend/build/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const database = await createTestDatabase();
  // Tests that need a donor on record store one directly (e2e/manage-donation.spec.ts); workers inherit this.
  process.env.E2E_DATABASE_URL = database.url;
  const smtp = await new SmtpSink().start(E2E_SMTP_PORT);
  const turnstile = await createTurnstileStub(TEST_TURNSTILE_SECRET).start(E2E_TURNSTILE_PORT);
  const stripeSecretKey = StripeStub.randomSecret();
  const stripe = await new StripeStub(stripeSecretKey).start(E2E_STRIPE_PORT);
  const control = new HttpStub((request, response) => {
    if (request.path.startsWith('/mail')) return sendJson(response, 200, smtp.messages);
    if (request.path.startsWith('/stripe/portal-sessions')) {
      return sendJson(
        response,
        200,
        stripe.portal.sessions.map((s) => ({ id: s.id, params: Object.fromEntries(s.params) })),
      );
    }
    // The donor's page (e2e/manage-donation.spec.ts): a subscription Stripe has, and the calls the site made to Stripe.
    if (request.method === 'POST' && request.path === '/stripe/subscriptions') {
      const subscription = JSON.parse(request.body) as { id: string };
      stripe.subscriptions.set(subscription.id, subscription);
      return sendJson(response, 200, subscription);
    }
    if (request.path.startsWith('/stripe/subscriptions/')) {
      return sendJson(
        response,
        200,
        stripe.subscriptions.get(request.path.slice('/stripe/subscriptions/'.length)) ?? {},
      );
    }
    if (request.path.startsWith('/stripe/requests')) {
      return sendJson(
        response,
        200,
        stripe.http.requests.map(({ method, path, body }) => ({ method, path, body })),
      );
    }
    if (request.path.startsWith('/stripe/sessions')) {
      return sendJson(
        response,
        200,
        stripe.sessions.map((s) => ({ id: s.id, params: Object.fromEntries(s.params) })),
      );
    }
    sendJson(response, 404, {});
  });
  await control.start(E2E_CONTROL_PORT);

  const env = {
    ...process.env,
    ...testEnv({
      databaseUrl: database.url,
      smtpUrl: smtp.url,
      turnstileVerifyUrl: `${turnstile.url}/siteverify`,
      stripeApiUrl: stripe.url,
      stripeSecretKey,
      port: E2E_APP_PORT,
      publicBaseUrl: E2E_BASE_URL,
    }),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  let output = '';
  const app = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  app.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForReady(E2E_BASE_URL, app, () => output);

  return async () => {
    app.kill('SIGTERM');
    await new Promise((resolve) => (app.exitCode !== null ? resolve(null) : app.once('exit', resolve)));
    await Promise.all([smtp.stop(), turnstile.stop(), stripe.stop(), control.stop()]);
    await database.drop();
  };
}
