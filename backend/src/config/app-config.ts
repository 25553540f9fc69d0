import { resolve } from 'node:path';
import {
  DEFAULT_MAIL_RETRY_POLICY,
  MIN_RETRY_SPAN_SECONDS,
  retrySpanSeconds,
  type MailRetryPolicy,
} from '../mail/mail-retry-policy';

/**
 * The runtime contract's environment, validated once at boot (ARCHITECTURE.md "Runtime contract").
 * Nothing else in the backend reads process.env.
 */
export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  /** Interface to listen on: 0.0.0.0 in containers, 127.0.0.1 for local tests. */
  host: string;
  /** POST requests allowed per IP per minute (per instance; see README). */
  postRateLimitPerMinute: number;
  /** Checkout sessions one IP may start per minute (card-testing defence; per instance). */
  checkoutRateLimitPerMinute: number;
  databaseUrl: string;
  publicBaseUrl: string;
  smtpUrl: string;
  mailFrom: string;
  staffEmail: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  stripeApiUrl: string | undefined;
  turnstileSiteKey: string;
  turnstileSecretKey: string;
  turnstileVerifyUrl: string;
  /** Express "trust proxy": hop count or list; false when the app faces the internet itself. */
  trustProxy: boolean | number | string;
  /** Days a submission of each type is kept before the daily purge removes it. */
  retentionDays: { volunteer: number; contact: number; 'help-request': number; errorReports: number };
  /** Run the email worker inside the web process (default) or only in `npm run worker`. */
  runWorker: boolean;
  /** Submission emails (issue 5): retry schedule and worker throughput. */
  mail: {
    retry: MailRetryPolicy;
    /** Jobs each worker claims per fetch. */
    batchSize: number;
    /** Independent pg-boss workers per process. */
    workerConcurrency: number;
    /** SMTP connections in nodemailer's pool. */
    poolConnections: number;
  };
  /** Where the prerendered site lives. */
  staticDir: string;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Cloudflare's documented always-pass test secret: fine in tests, never in production. */
export const TURNSTILE_ALWAYS_PASS_SECRET = '1x0000000000000000000000000000000AA';
export const TURNSTILE_DEFAULT_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export type Env = Record<string, string | undefined>;

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** `Name <address>` or a bare address. */
function isMailbox(value: string): boolean {
  const match = /<([^>]+)>\s*$/.exec(value);
  return EMAIL.test(match ? match[1] : value);
}

function positiveInt(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a positive whole number (got "${raw}")`);
    return fallback;
  }
  return value;
}

export type RetentionDays = AppConfig['retentionDays'];

/**
 * The retention periods alone, shared by the web app and the staff CLI (which needs only DATABASE_URL and these).
 * Problems are appended to `problems`; the defaults apply where a variable is unset.
 */
export function readRetentionDays(env: Env, problems: string[]): RetentionDays {
  return {
    volunteer: positiveInt(env, 'RETENTION_DAYS_VOLUNTEER', 730, problems),
    contact: positiveInt(env, 'RETENTION_DAYS_CONTACT', 365, problems),
    'help-request': positiveInt(env, 'RETENTION_DAYS_HELP_REQUEST', 730, problems),
    errorReports: positiveInt(env, 'RETENTION_DAYS_ERROR_REPORTS', 90, problems),
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = (
    env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development'
  ) as AppConfig['nodeEnv'];

  const required = (name: string, check: (v: string) => boolean, expectation: string): string => {
    const value = env[name]?.trim();
    if (!value) {
      problems.push(`${name} is required (${expectation})`);
      return '';
    }
    if (!check(value))
      problems.push(
        `${name} must be ${expectation} (got "${name.includes('SECRET') || name.includes('KEY') ? '…' : value}")`,
      );
    return value;
  };
  const optionalUrl = (name: string): string | undefined => {
    const value = env[name]?.trim();
    if (!value) return undefined;
    if (!isUrl(value, ['http:', 'https:'])) problems.push(`${name} must be an http(s) URL (got "${value}")`);
    return value;
  };

  let port = 3000;
  if (env.PORT !== undefined && env.PORT !== '') {
    port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      problems.push(`PORT must be a whole number between 0 and 65535 (got "${env.PORT}")`);
    }
  }

  const databaseUrl = required('DATABASE_URL', (v) => isUrl(v, ['postgres:', 'postgresql:']), 'a postgresql:// URL');
  const publicBaseUrl = required(
    'PUBLIC_BASE_URL',
    (v) => isUrl(v, ['http:', 'https:']),
    'an http(s) URL such as https://www.example.org',
  ).replace(/\/+$/, '');
  const smtpUrl = required('SMTP_URL', (v) => isUrl(v, ['smtp:', 'smtps:']), 'an smtp:// or smtps:// URL');
  const mailFrom = required('MAIL_FROM', isMailbox, 'an address such as "Stichting <info@example.org>"');
  const staffEmail = required('STAFF_EMAIL', (v) => EMAIL.test(v), 'an email address');
  const stripeSecretKey = required(
    'STRIPE_SECRET_KEY',
    (v) => /^(sk|rk)_(test|live)_\w+$/.test(v),
    'a Stripe secret key (sk_test_… or sk_live_…)',
  );
  const stripeWebhookSecret = required(
    'STRIPE_WEBHOOK_SECRET',
    (v) => v.startsWith('whsec_'),
    'a Stripe webhook signing secret (whsec_…)',
  );
  const stripeApiUrl = optionalUrl('STRIPE_API_URL');
  const turnstileSiteKey = required(
    'TURNSTILE_SITE_KEY',
    (v) => /^[\w-]{8,100}$/.test(v),
    'a Cloudflare Turnstile site key',
  );
  const turnstileSecretKey = required(
    'TURNSTILE_SECRET_KEY',
    (v) => /^[\w-]{8,100}$/.test(v),
    'a Cloudflare Turnstile secret key',
  );
  const turnstileVerifyUrl = optionalUrl('TURNSTILE_VERIFY_URL') ?? TURNSTILE_DEFAULT_VERIFY_URL;

  if (nodeEnv === 'production' && turnstileSecretKey === TURNSTILE_ALWAYS_PASS_SECRET) {
    problems.push("TURNSTILE_SECRET_KEY is Cloudflare's always-pass test secret, which is refused in production");
  }
  if (nodeEnv === 'production' && stripeSecretKey.startsWith('sk_live_') && stripeApiUrl) {
    problems.push('STRIPE_API_URL must not be set together with a live Stripe key');
  }

  let trustProxy: AppConfig['trustProxy'] = false;
  const rawTrust = env.TRUST_PROXY?.trim();
  if (rawTrust) {
    if (rawTrust === 'true' || rawTrust === 'false') trustProxy = rawTrust === 'true';
    else if (/^\d+$/.test(rawTrust)) trustProxy = Number(rawTrust);
    else trustProxy = rawTrust;
  }

  const retentionDays = readRetentionDays(env, problems);

  const postRateLimitPerMinute = positiveInt(env, 'RATE_LIMIT_POST_PER_MINUTE', 20, problems);
  const checkoutRateLimitPerMinute = positiveInt(env, 'CHECKOUT_RATE_LIMIT_PER_MINUTE', 10, problems);

  const mail: AppConfig['mail'] = {
    retry: {
      retryDelaySeconds: positiveInt(
        env,
        'MAIL_RETRY_DELAY_SECONDS',
        DEFAULT_MAIL_RETRY_POLICY.retryDelaySeconds,
        problems,
      ),
      retryDelayMaxSeconds: positiveInt(
        env,
        'MAIL_RETRY_DELAY_MAX_SECONDS',
        DEFAULT_MAIL_RETRY_POLICY.retryDelayMaxSeconds,
        problems,
      ),
      retryLimit: positiveInt(env, 'MAIL_RETRY_LIMIT', DEFAULT_MAIL_RETRY_POLICY.retryLimit, problems),
    },
    batchSize: positiveInt(env, 'MAIL_BATCH_SIZE', 20, problems),
    workerConcurrency: positiveInt(env, 'MAIL_WORKER_CONCURRENCY', 4, problems),
    poolConnections: positiveInt(env, 'MAIL_POOL_CONNECTIONS', 5, problems),
  };
  const retrySpan = retrySpanSeconds(mail.retry);
  if (nodeEnv === 'production' && retrySpan.min < MIN_RETRY_SPAN_SECONDS) {
    problems.push(
      `MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_DELAY_MAX_SECONDS and MAIL_RETRY_LIMIT must keep retrying for at least 24 hours (they give ${(retrySpan.min / 3600).toFixed(1)} h)`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    postRateLimitPerMinute,
    checkoutRateLimitPerMinute,
    databaseUrl,
    publicBaseUrl,
    smtpUrl,
    mailFrom,
    staffEmail,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl,
    turnstileSiteKey,
    turnstileSecretKey,
    turnstileVerifyUrl,
    trustProxy,
    retentionDays,
    runWorker: env.RUN_WORKER !== 'false',
    mail,
    staticDir: env.STATIC_DIR?.trim() || resolve(__dirname, '../../../frontend/build'),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'warn' : 'info'),
  };
}

/** For process entry points (web, worker): the validated configuration, or one message naming every bad variable and exit 1. */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
