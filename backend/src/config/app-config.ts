import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { withoutTrailingSlashes } from '@stichting/contracts';
import { resolve } from 'node:path';
import {
  DEFAULT_MAIL_RETRY_POLICY,
  MIN_RETRY_SPAN_SECONDS,
  retrySpanSeconds,
  type MailRetryPolicy,
} from './mail-retry-policy';
import { STRIPE_API_VERSION } from './stripe-api-version';

/**
 * Caps on confirmation mails. A form's confirmation goes to whatever address was typed, from the foundation's own
 * sender; without caps, anyone could have the site mail a stranger over and over (20 forms a minute per IP).
 */
export interface ConfirmationCaps {
  /** Confirmations to one address (in any letter case) in any 24 hours (CONFIRMATION_CAP_PER_ADDRESS_PER_DAY). */
  perAddressPerDay: number;
  /** Confirmations in total in any 60 minutes (CONFIRMATION_CAP_PER_HOUR). */
  perHour: number;
}

/**
 * What the database clients of a process need (database/prisma.service.ts, queue/queue.service.ts): where the
 * database is, and how many connections each of its two pools may open (docs/architecture.md §5.4).
 */
export interface DatabaseConfig {
  url: string;
  /** Prisma's pool: every read and write of the app's own tables. */
  poolSize: number;
  /** pg-boss's pool: fetching, completing and scheduling jobs, and its maintenance. */
  queuePoolSize: number;
}

/** Days each kind of data is kept before the daily purge removes it (the reasons: docs/privacy.md). */
export type RetentionDays = {
  volunteer: number;
  contact: number;
  'help-request': number;
  errorReports: number;
  donations: number;
};

/**
 * What a staff command (`npm run export`, `purge`, `erase`, `mail`) reads from the environment: DATABASE_URL and the
 * retention periods, nothing of the web app's settings (docs/architecture.md §6). Its application context holds
 * only services that need no more (cli/cli-runner.ts; config.module.ts provides these parts alone).
 */
export interface CommandConfig {
  database: DatabaseConfig;
  retentionDays: RetentionDays;
  /** Only for a command that reads from Stripe (`loadCommandConfig(env, { withStripe: true })`). */
  stripe?: StripeAccess;
}

/** What any code that calls Stripe reads: the key, the product of the monthly gift and, in tests, a stand-in's address. */
export interface StripeAccess {
  stripeSecretKey: string;
  stripeApiUrl: string | undefined;
  stripeDonationProductId: string;
}

/**
 * The runtime contract's environment, validated once at boot (docs/architecture.md §7.2).
 * Nothing else in the backend reads process.env.
 */
export interface AppConfig extends CommandConfig {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  /** Interface to listen on: 0.0.0.0 in containers, 127.0.0.1 for local tests. */
  host: string;
  /** POST requests allowed per IP per minute (counted where `rateLimitStore` says). */
  postRateLimitPerMinute: number;
  /** Checkout sessions one IP may start per minute (card-testing defence). */
  checkoutRateLimitPerMinute: number;
  /**
   * Where the per-address limits are counted: in PostgreSQL, shared by every instance (default), or in this
   * process's memory, for a single instance only (docs/architecture.md §9.4).
   */
  rateLimitStore: RateLimitStoreKind;
  /**
   * The Prometheus endpoint (docs/architecture.md §9.11): its own port (undefined: no metrics served), the interface
   * it listens on, and the bearer token a scrape must send (undefined: none asked).
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  publicBaseUrl: string;
  smtpUrl: string;
  mailFrom: string;
  staffEmail: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  stripeApiUrl: string | undefined;
  /** The customer-portal configuration (bpc_…) donors' portal sessions use; Stripe's default one when unset. */
  stripePortalConfigurationId: string | undefined;
  /** Signs donors' manage links (docs/architecture.md §9.10). */
  donorLinkSecret: string;
  /** The one Stripe product every monthly gift is a price of (STRIPE_DONATION_PRODUCT_ID); created on first use. */
  stripeDonationProductId: string;
  turnstileSiteKey: string;
  turnstileSecretKey: string;
  turnstileVerifyUrl: string;
  /**
   * Connection limits of the HTTP server (common/http-limits.ts), sized for bodies of at most 256 KB: deadlines
   * for a request's headers and for the whole request, the idle time of a kept-alive connection, open connections.
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** Express "trust proxy": hop count or address list; false when the app faces the internet itself. */
  trustProxy: false | number | string;
  /** Caps on stored browser crash reports, counted in PostgreSQL over every instance (error-reports/). */
  errorReports: { perHour: number; maxRows: number };
  /** Run the email worker inside the web process (default) or only in `npm run worker`. */
  runWorker: boolean;
  /** Submission emails: retry schedule and worker throughput. */
  mail: {
    retry: MailRetryPolicy;
    /** Jobs each worker claims per fetch. */
    batchSize: number;
    /** Independent pg-boss workers per process. */
    workerConcurrency: number;
    /** SMTP connections in nodemailer's pool. */
    poolConnections: number;
    /** Confirmations to visitors at most per address in any 24 hours and in total in any hour (confirmation-caps.ts). */
    confirmationCaps: ConfirmationCaps;
  };
  /** Where the prerendered site lives. */
  staticDir: string;
  logLevel: string;
}

export type RateLimitStoreKind = 'postgres' | 'memory';

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

/** Express's names for the loopback, link-local and unique-local (private) address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or an address with a prefix length (CIDR), or one of Express's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe, and so which address every per-client limit counts.
 * A hop count (the client is the address that many proxies back) or the proxies' addresses. `true` is refused:
 * it believes the leftmost entry, which the client writes itself.
 */
function readTrustProxy(env: Env, problems: string[]): AppConfig['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends (every per-address limit could be dodged): ' +
        'set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    problems.push(
      `TRUST_PROXY must be false, the number of proxies in front of the app (e.g. 1) or a comma-separated list of their addresses or CIDR ranges (got "${raw}")`,
    );
    return false;
  }
  return entries.join(',');
}

function readPublicBaseUrl(env: Env, problems: string[]): string {
  return withoutTrailingSlashes(
    requiredValue(
      env,
      problems,
      'PUBLIC_BASE_URL',
      (v) => isUrl(v, ['http:', 'https:']),
      'an http(s) URL such as https://www.example.org',
    ),
  );
}

function readTurnstileSiteKey(env: Env, problems: string[]): string {
  return requiredValue(
    env,
    problems,
    'TURNSTILE_SITE_KEY',
    (v) => /^[\w-]{8,100}$/.test(v),
    'a Cloudflare Turnstile site key',
  );
}

/** STATIC_DIR, else the prerendered site of this checkout (frontend/build). */
function readStaticDir(env: Env): string {
  return env.STATIC_DIR?.trim() || resolve(__dirname, '../../../frontend/build');
}

/**
 * What `npm run build` compresses the pages for (cli/precompress-pages.ts, docs/architecture.md §9.13): the
 * prerendered site and the two values the server writes into it, PUBLIC_BASE_URL and TURNSTILE_SITE_KEY, as the
 * server will be configured. Undefined when neither is set (the server then compresses each page on its first
 * request); a problem when only one is set or one is malformed.
 */
export function loadPageBuildConfig(
  env: Env = process.env,
): { staticDir: string; publicBaseUrl: string; turnstileSiteKey: string } | undefined {
  if (!env.PUBLIC_BASE_URL?.trim() && !env.TURNSTILE_SITE_KEY?.trim()) return undefined;
  const problems: string[] = [];
  const publicBaseUrl = readPublicBaseUrl(env, problems);
  const turnstileSiteKey = readTurnstileSiteKey(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { staticDir: readStaticDir(env), publicBaseUrl, turnstileSiteKey };
}

/**
 * The retention periods alone, shared by the web app and the staff commands (which need only DATABASE_URL and these).
 * Problems are appended to `problems`; the defaults apply where a variable is unset. Each default is explained in
 * docs/privacy.md: volunteer applications 8 weeks (like job applications), contact messages 1 year, help requests
 * about 6 months, error reports 90 days since last seen, donations 8 years (7 years after the end of their year).
 */
function readRetentionDays(env: Env, problems: string[]): RetentionDays {
  return {
    volunteer: positiveInt(env, 'RETENTION_DAYS_VOLUNTEER', 56, problems),
    contact: positiveInt(env, 'RETENTION_DAYS_CONTACT', 365, problems),
    'help-request': positiveInt(env, 'RETENTION_DAYS_HELP_REQUEST', 180, problems),
    errorReports: positiveInt(env, 'RETENTION_DAYS_ERROR_REPORTS', 90, problems),
    donations: positiveInt(env, 'RETENTION_DAYS_DONATIONS', 2922, problems),
  };
}

const NODE_ENVS: ReadonlyArray<AppConfig['nodeEnv']> = ['production', 'development', 'test'];

/** NODE_ENV, development when unset. A misspelt "production" is refused: it would boot without the production checks. */
function readNodeEnv(env: Env, problems: string[]): AppConfig['nodeEnv'] {
  const raw = env.NODE_ENV?.trim() ?? '';
  if (raw === '') return 'development';
  const nodeEnv = NODE_ENVS.find((name) => name === raw);
  if (nodeEnv === undefined) problems.push(`NODE_ENV must be production, development or test (got "${raw}")`);
  return nodeEnv ?? 'development';
}

/** A true/false switch, `fallback` when unset; any other word is refused rather than guessed. */
function readBoolean(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  problems.push(`${name} must be true or false (got "${env[name]}")`);
  return fallback;
}

/** A variable that must be set and pass `check`; a secret or key is never echoed in the problem. */
function requiredValue(
  env: Env,
  problems: string[],
  name: string,
  check: (v: string) => boolean,
  expectation: string,
): string {
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
}

function optionalHttpUrl(env: Env, problems: string[], name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!isUrl(value, ['http:', 'https:'])) problems.push(`${name} must be an http(s) URL (got "${value}")`);
  return value;
}

/**
 * Connections per pool of a web or worker process: a burst of forms (4 transactions at once), the mail worker
 * (4 batches at once), the readiness check and the caps, with room to spare; pg-boss fetches and completes jobs.
 */
const SERVER_POOLS = { poolSize: 10, queuePoolSize: 4 };
/** A staff command runs one transaction at a time; pg-boss is started only by `mail retry`. */
const COMMAND_POOLS = { poolSize: 2, queuePoolSize: 2 };

const RATE_LIMIT_STORES: readonly RateLimitStoreKind[] = ['postgres', 'memory'];

/** RATE_LIMIT_STORE: postgres (default) or memory; any other word is refused rather than guessed. */
function readRateLimitStore(env: Env, problems: string[]): RateLimitStoreKind {
  const raw = env.RATE_LIMIT_STORE?.trim().toLowerCase() ?? '';
  if (raw === '') return 'postgres';
  const store = RATE_LIMIT_STORES.find((name) => name === raw);
  if (store === undefined) problems.push(`RATE_LIMIT_STORE must be postgres or memory (got "${env.RATE_LIMIT_STORE}")`);
  return store ?? 'postgres';
}

/** A port number 0-65535 (0: any free port), `fallback` when unset. */
function readPort(env: Env, name: string, fallback: number | undefined, problems: string[]): number | undefined {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    problems.push(`${name} must be a whole number between 0 and 65535 (got "${env[name]}")`);
    return fallback;
  }
  return port;
}

/** A bearer token a scraper can send as it is: 16 to 256 characters without spaces or quotes. */
const METRICS_TOKEN = /^[\x21\x23-\x26\x28-\x7e]{16,256}$/;

/**
 * METRICS_PORT, METRICS_HOST, METRICS_TOKEN (docs/architecture.md §9.11): metrics are served only when a port is set,
 * on that port alone (never on the site's port), on the loopback interface unless told otherwise.
 */
function readMetrics(env: Env, problems: string[]): AppConfig['metrics'] {
  const port = readPort(env, 'METRICS_PORT', undefined, problems);
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (env.METRICS_HOST?.trim() && isIP(host) === 0 && host !== 'localhost') {
    problems.push(`METRICS_HOST must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0 (got "${host}")`);
  }
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && !METRICS_TOKEN.test(token)) {
    problems.push('METRICS_TOKEN must be 16 to 256 characters without spaces or quotes (e.g. `openssl rand -hex 32`)');
  }
  return { port, host, token };
}

/** DATABASE_URL as the staff commands and `npm run db:migrate` read it; a problem is appended to `problems`. */
export function readDatabaseUrl(env: Env, problems: string[]): string {
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL is required (a postgresql:// URL)');
  return databaseUrl;
}

/** The product id used when STRIPE_DONATION_PRODUCT_ID is unset (docs/architecture.md §9.9). */
export const DEFAULT_DONATION_PRODUCT_ID = 'monthly_donation';

/** The Stripe key and, for tests, the address of a local stand-in: what any code that calls Stripe reads. */
function readStripeAccess(env: Env, problems: string[], nodeEnv: AppConfig['nodeEnv']): StripeAccess {
  const stripeSecretKey = requiredValue(
    env,
    problems,
    'STRIPE_SECRET_KEY',
    (v) => /^(sk|rk)_(test|live)_\w+$/.test(v),
    'a Stripe secret key (sk_test_… or sk_live_…)',
  );
  const stripeApiUrl = optionalHttpUrl(env, problems, 'STRIPE_API_URL');
  if (nodeEnv === 'production' && stripeSecretKey.startsWith('sk_live_') && stripeApiUrl) {
    problems.push('STRIPE_API_URL must not be set together with a live Stripe key');
  }
  const stripeDonationProductId = env.STRIPE_DONATION_PRODUCT_ID?.trim() || DEFAULT_DONATION_PRODUCT_ID;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(stripeDonationProductId)) {
    problems.push(
      `STRIPE_DONATION_PRODUCT_ID must be a Stripe product id of letters, digits, _ and - (got "${stripeDonationProductId}")`,
    );
  }
  return { stripeSecretKey, stripeApiUrl, stripeDonationProductId };
}

/**
 * STRIPE_WEBHOOK_API_VERSION, optional: the API version the operator set on the webhook endpoint. Another version
 * than the one this build reads stops the start, so a mismatch is found at deploy time rather than at the first
 * donation; the webhook refuses events of another version anyway (docs/architecture.md §9.9).
 */
function checkWebhookApiVersion(env: Env, problems: string[]): void {
  const configured = env.STRIPE_WEBHOOK_API_VERSION?.trim();
  if (configured && configured !== STRIPE_API_VERSION) {
    problems.push(
      `STRIPE_WEBHOOK_API_VERSION is ${configured}, but this build reads Stripe events of API version ${STRIPE_API_VERSION} only: ` +
        `set the webhook endpoint (and the account's default API version) to ${STRIPE_API_VERSION} in the Stripe Dashboard, then this variable to the same`,
    );
  }
}

/**
 * The configuration of a staff command (CommandConfig): DATABASE_URL and the retention periods; `withStripe` adds the
 * Stripe key (and STRIPE_API_URL) for a command that reads from Stripe (`npm run donations -- reconcile`).
 */
export function loadCommandConfig(env: Env = process.env, options: { withStripe?: boolean } = {}): CommandConfig {
  const problems: string[] = [];
  const url = readDatabaseUrl(env, problems);
  const retentionDays = readRetentionDays(env, problems);
  const stripe = options.withStripe ? readStripeAccess(env, problems, 'production') : undefined;
  if (problems.length > 0) throw new ConfigError(problems);
  return { database: { url, ...COMMAND_POOLS }, retentionDays, ...(stripe ? { stripe } : {}) };
}

/** Shortest DONOR_LINK_SECRET accepted: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const DONOR_LINK_SECRET_MIN_LENGTH = 32;

/**
 * DONOR_LINK_SECRET signs the manage links in donor emails (docs/architecture.md §9.10). Required in production; in
 * development and tests it may be left out and is then derived from the webhook secret, so every process of one
 * installation (web and worker) still signs and checks links alike.
 */
function readDonorLinkSecret(
  env: Env,
  nodeEnv: AppConfig['nodeEnv'],
  stripeWebhookSecret: string,
  problems: string[],
): string {
  const value = env.DONOR_LINK_SECRET?.trim() ?? '';
  if (value === '') {
    if (nodeEnv === 'production') {
      problems.push(
        `DONOR_LINK_SECRET is required in production (${DONOR_LINK_SECRET_MIN_LENGTH} or more random characters, e.g. from \`openssl rand -hex 32\`)`,
      );
    }
    return createHmac('sha256', stripeWebhookSecret || 'development')
      .update('donor-link')
      .digest('hex');
  }
  if (value.length < DONOR_LINK_SECRET_MIN_LENGTH) {
    problems.push(
      `DONOR_LINK_SECRET must be at least ${DONOR_LINK_SECRET_MIN_LENGTH} characters long (got ${value.length})`,
    );
  }
  return value;
}

/** STRIPE_PORTAL_CONFIGURATION_ID: optional, a customer-portal configuration id (bpc_…). */
function readPortalConfiguration(env: Env, problems: string[]): string | undefined {
  const value = env.STRIPE_PORTAL_CONFIGURATION_ID?.trim() ?? '';
  if (value === '') return undefined;
  if (!/^bpc_\w+$/.test(value)) {
    problems.push(`STRIPE_PORTAL_CONFIGURATION_ID must be a customer-portal configuration id (bpc_…) (got "${value}")`);
  }
  return value;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = readNodeEnv(env, problems);

  const required = (name: string, check: (v: string) => boolean, expectation: string): string =>
    requiredValue(env, problems, name, check, expectation);
  const optionalUrl = (name: string): string | undefined => optionalHttpUrl(env, problems, name);

  const port = readPort(env, 'PORT', 3000, problems) ?? 3000;
  const host = env.HOST?.trim() || '0.0.0.0';

  const databaseUrl = required('DATABASE_URL', (v) => isUrl(v, ['postgres:', 'postgresql:']), 'a postgresql:// URL');
  const publicBaseUrl = readPublicBaseUrl(env, problems);
  const smtpUrl = required('SMTP_URL', (v) => isUrl(v, ['smtp:', 'smtps:']), 'an smtp:// or smtps:// URL');
  const mailFrom = required('MAIL_FROM', isMailbox, 'an address such as "Stichting <info@example.org>"');
  const staffEmail = required('STAFF_EMAIL', (v) => EMAIL.test(v), 'an email address');
  const { stripeSecretKey, stripeApiUrl, stripeDonationProductId } = readStripeAccess(env, problems, nodeEnv);
  const stripeWebhookSecret = required(
    'STRIPE_WEBHOOK_SECRET',
    (v) => v.startsWith('whsec_'),
    'a Stripe webhook signing secret (whsec_…)',
  );
  const stripePortalConfigurationId = readPortalConfiguration(env, problems);
  const donorLinkSecret = readDonorLinkSecret(env, nodeEnv, stripeWebhookSecret, problems);
  checkWebhookApiVersion(env, problems);
  const turnstileSiteKey = readTurnstileSiteKey(env, problems);
  const turnstileSecretKey = required(
    'TURNSTILE_SECRET_KEY',
    (v) => /^[\w-]{8,100}$/.test(v),
    'a Cloudflare Turnstile secret key',
  );
  const turnstileVerifyUrl = optionalUrl('TURNSTILE_VERIFY_URL') ?? TURNSTILE_DEFAULT_VERIFY_URL;

  if (nodeEnv === 'production' && turnstileSecretKey === TURNSTILE_ALWAYS_PASS_SECRET) {
    problems.push("TURNSTILE_SECRET_KEY is Cloudflare's always-pass test secret, which is refused in production");
  }

  const trustProxy = readTrustProxy(env, problems);

  const retentionDays = readRetentionDays(env, problems);

  const errorReports: AppConfig['errorReports'] = {
    perHour: positiveInt(env, 'ERROR_REPORTS_PER_HOUR', 300, problems),
    maxRows: positiveInt(env, 'ERROR_REPORTS_MAX_ROWS', 10_000, problems),
  };

  const postRateLimitPerMinute = positiveInt(env, 'RATE_LIMIT_POST_PER_MINUTE', 20, problems);
  const checkoutRateLimitPerMinute = positiveInt(env, 'CHECKOUT_RATE_LIMIT_PER_MINUTE', 10, problems);
  const rateLimitStore = readRateLimitStore(env, problems);
  const metrics = readMetrics(env, problems);
  if (metrics.port !== undefined && metrics.port !== 0 && metrics.port === port) {
    problems.push("METRICS_PORT must differ from PORT: metrics are never served on the site's own port");
  }

  const http: AppConfig['http'] = {
    headersTimeoutMs: positiveInt(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, problems),
    requestTimeoutMs: positiveInt(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, problems),
    keepAliveTimeoutMs: positiveInt(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, problems),
    maxConnections: positiveInt(env, 'HTTP_MAX_CONNECTIONS', 256, problems),
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }

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
    confirmationCaps: {
      perAddressPerDay: positiveInt(env, 'CONFIRMATION_CAP_PER_ADDRESS_PER_DAY', 3, problems),
      perHour: positiveInt(env, 'CONFIRMATION_CAP_PER_HOUR', 200, problems),
    },
  };
  const runWorker = readBoolean(env, 'RUN_WORKER', true, problems);

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
    host,
    postRateLimitPerMinute,
    checkoutRateLimitPerMinute,
    database: { url: databaseUrl, ...SERVER_POOLS },
    rateLimitStore,
    metrics,
    publicBaseUrl,
    smtpUrl,
    mailFrom,
    staffEmail,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl,
    stripePortalConfigurationId,
    donorLinkSecret,
    stripeDonationProductId,
    turnstileSiteKey,
    turnstileSecretKey,
    turnstileVerifyUrl,
    http,
    trustProxy,
    retentionDays,
    errorReports,
    runWorker,
    mail,
    staticDir: readStaticDir(env),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'warn' : 'info'),
  };
}

/** A URL without its user and password (`smtp://mailer:secret@host:465` -> `smtp://host:465`). */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}

/**
 * The effective settings without secrets, logged once when a web or worker process starts (README "Configuration"):
 * what an operator checks first when a setting seems to do nothing. URLs lose their user and password, the Stripe and
 * Turnstile keys are reduced to their mode; everything else is shown as the process uses it, defaults included.
 */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  return {
    nodeEnv: config.nodeEnv,
    listen: `${config.host}:${config.port}`,
    publicBaseUrl: config.publicBaseUrl,
    database: withoutCredentials(config.database.url),
    databasePools: { prisma: config.database.poolSize, queue: config.database.queuePoolSize },
    smtp: withoutCredentials(config.smtpUrl),
    stripe: config.stripeSecretKey.includes('_live_') ? 'live' : 'test',
    stripeApiUrl: config.stripeApiUrl ?? 'default',
    turnstile: config.turnstileSecretKey === TURNSTILE_ALWAYS_PASS_SECRET ? 'always-pass test keys' : 'own keys',
    turnstileVerifyUrl: config.turnstileVerifyUrl,
    trustProxy: config.trustProxy,
    rateLimits: {
      postPerMinute: config.postRateLimitPerMinute,
      checkoutPerMinute: config.checkoutRateLimitPerMinute,
      store: config.rateLimitStore,
    },
    metrics: config.metrics.port === undefined ? 'off' : `${config.metrics.host}:${config.metrics.port}`,
    stripeDonationProductId: config.stripeDonationProductId,
    http: config.http,
    errorReports: config.errorReports,
    retentionDays: config.retentionDays,
    runWorker: config.runWorker,
    mail: config.mail,
    staticDir: config.staticDir,
    logLevel: config.logLevel,
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
