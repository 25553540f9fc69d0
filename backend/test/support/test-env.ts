import { randomBytes } from 'node:crypto';

/** Environment of an app under test, free of Nest imports so Playwright's global setup can use it too. */
export const TEST_TURNSTILE_SECRET = 'test-turnstile-secret-0001';
export const TEST_STAFF_EMAIL = 'staff@stichting.test';

/**
 * A signing secret made up for this test run, kept in the environment so every process of the run (Playwright's
 * workers inherit it from its global setup) signs and checks alike. No value written in the repository ever
 * verifies a signature or signs a link (docs/stripe-setup.md §1).
 */
function runSecret(variable: string, prefix = ''): string {
  return (process.env[variable] ||= `${prefix}${randomBytes(32).toString('hex')}`);
}

export const TEST_WEBHOOK_SECRET = runSecret('SITE_TEST_RUN_WEBHOOK_SECRET', 'whsec_');
export const TEST_DONOR_LINK_SECRET = runSecret('SITE_TEST_RUN_DONOR_LINK_SECRET');

/** Environment for an app under test; the URLs of the loopback stand-ins come from the caller. */
export function testEnv(parts: {
  databaseUrl: string;
  smtpUrl: string;
  turnstileVerifyUrl: string;
  stripeApiUrl: string;
  stripeSecretKey: string;
  port?: number;
  publicBaseUrl?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(parts.port ?? 0),
    DATABASE_URL: parts.databaseUrl,
    PUBLIC_BASE_URL: parts.publicBaseUrl ?? 'http://127.0.0.1',
    SMTP_URL: parts.smtpUrl,
    MAIL_FROM: 'Stichting Test <noreply@stichting.test>',
    STAFF_EMAIL: TEST_STAFF_EMAIL,
    STRIPE_SECRET_KEY: parts.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: parts.stripeApiUrl,
    DONOR_LINK_SECRET: TEST_DONOR_LINK_SECRET,
    TURNSTILE_SITE_KEY: 'test-site-key-0001',
    TURNSTILE_SECRET_KEY: TEST_TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: parts.turnstileVerifyUrl,
    RATE_LIMIT_POST_PER_MINUTE: '1000',
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '1000',
    // Tests send many forms, often from one address; the confirmation caps are tested with their own values.
    CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: '1000',
    CONFIRMATION_CAP_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
  };
}
