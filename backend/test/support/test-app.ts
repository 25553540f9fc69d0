import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { SmtpSink } from './smtp-sink';
import { StripeStub } from './stripe-stub';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTurnstileStub, TURNSTILE_TOKENS } from './turnstile-stub';
import type { HttpStub } from './http-stub';

export { TURNSTILE_TOKENS };

export { TEST_STAFF_EMAIL, TEST_TURNSTILE_SECRET, TEST_WEBHOOK_SECRET, testEnv } from './test-env';
import { TEST_TURNSTILE_SECRET, testEnv } from './test-env';

export interface TestStack {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  database: TestDatabase;
  smtp: SmtpSink;
  turnstile: HttpStub;
  stripe: StripeStub;
  close(): Promise<void>;
}

/**
 * The real application on a random loopback port, with its own migrated database, a real SMTP server and
 * local stand-ins for Turnstile and Stripe. `env` overrides any variable (e.g. RATE_LIMIT_POST_PER_MINUTE).
 */
export async function startTestStack(
  env: Record<string, string> = {},
  options: {
    /** Lets the app reach its (migrated) database another way, e.g. through a TcpProxy that can be cut. */
    appDatabaseUrl?: (directUrl: string) => string;
  } = {},
): Promise<TestStack> {
  const database = await createTestDatabase();
  const smtp = await new SmtpSink().start();
  const turnstile = await createTurnstileStub(TEST_TURNSTILE_SECRET).start();
  const stripeSecretKey = StripeStub.randomSecret();
  const stripe = await new StripeStub(stripeSecretKey).start();
  const config = loadConfig({
    ...testEnv({
      databaseUrl: options.appDatabaseUrl ? options.appDatabaseUrl(database.url) : database.url,
      smtpUrl: smtp.url,
      turnstileVerifyUrl: `${turnstile.url}/siteverify`,
      stripeApiUrl: stripe.url,
      stripeSecretKey,
    }),
    ...env,
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    database,
    smtp,
    turnstile,
    stripe,
    async close() {
      await app.close();
      await Promise.all([smtp.stop(), turnstile.stop(), stripe.stop()]);
      await database.drop();
    },
  };
}
