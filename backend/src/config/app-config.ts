import { FOUNDATION, type FoundationFacts } from '@stichting/contracts';
import { foundationRefusals } from './foundation-facts';
import { MIN_RETRY_SPAN_SECONDS, retrySpanSeconds, type MailRetryPolicy } from './mail-retry-policy';
import { type Env } from './parse';
import {
  DISTINCT_SECRET_SETTINGS,
  isLoopbackHost,
  isPlaceholderSecret,
  processDonorLinkSecret,
  reusedSecrets,
} from './published-secrets';
import {
  DONOR_LINK_SECRET_MIN_LENGTH,
  type NodeEnv,
  type RateLimitStoreKind,
  readSettings,
  testOnlyRefusals,
} from './settings';
import { COMMAND_POOLS, MAIL_THROUGHPUT, SERVER_POOLS } from './tuning';

export type { Env } from './parse';
export type { RateLimitStoreKind } from './settings';
export { DEFAULT_DONATION_PRODUCT_ID, DONOR_LINK_SECRET_MIN_LENGTH } from './settings';

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
  /** Only for a command that countersigns periodic gift agreements (`{ withSignatory: true }`). */
  periodicGift?: PeriodicGiftSignatory;
}

/** Who countersigns a periodic gift agreement for the foundation (docs/product.md §4.9); never a visitor's words. */
export interface PeriodicGiftSignatory {
  /** Undefined: the foundation's name. */
  signatoryName: string | undefined;
  signatoryFunction: string;
}

/** What any code that calls Stripe reads: the key, the product of the monthly gift and, in tests, a stand-in's address. */
export interface StripeAccess {
  secretKey: string;
  /** Tests only: a local stand-in for Stripe's API (STRIPE_API_URL). */
  apiUrl: string | undefined;
  /** The one Stripe product every monthly gift is a price of (STRIPE_DONATION_PRODUCT_ID); created on first use. */
  donationProductId: string;
}

/** Stripe as the web process and the worker use it: access, the webhook's signing secret, the donors' portal. */
export interface StripeConfig extends StripeAccess {
  /** The endpoint's signing secret; undefined when the webhook is off (then `webhookOff` says why). */
  webhookSecret: string | undefined;
  /**
   * Why the webhook is off: STRIPE_WEBHOOK_SECRET unset or a placeholder (never outside production's refusals).
   * POST /api/stripe/webhook then answers 503 and verifies nothing; the daily reconciliation still applies events.
   */
  webhookOff: string | undefined;
  /** The customer-portal configuration (bpc_…) donors' portal sessions use; Stripe's default one when unset. */
  portalConfigurationId: string | undefined;
}

/**
 * The runtime contract's environment, validated once at boot (docs/architecture.md §7.2), read through the table of
 * settings.ts (docs/configuration.md) and grouped by concern. Nothing else in the backend reads process.env.
 */
export interface AppConfig extends CommandConfig {
  nodeEnv: NodeEnv;
  logLevel: string;
  /** The site's HTTP server and pages. */
  site: {
    port: number;
    /** Interface to listen on: 0.0.0.0 in containers, 127.0.0.1 for local tests. */
    host: string;
    /** The public address, without a trailing slash. */
    publicBaseUrl: string;
    /** Express "trust proxy": hop count or address list; false when the app faces the internet itself. */
    trustProxy: false | number | string;
    /** Where the prerendered site lives. */
    staticDir: string;
  };
  /**
   * Connection limits of the HTTP server (common/http-limits.ts), sized for bodies of at most 256 KB: deadlines
   * for a request's headers and for the whole request, the idle time of a kept-alive connection, open connections
   * (fixed in tuning.ts but for the idle time; tests may shorten them).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** Per-address request limits. */
  limits: {
    /** POST requests allowed per IP per minute (counted where `store` says). */
    postPerMinute: number;
    /** Checkout sessions one IP may start per minute (card-testing defence). */
    checkoutPerMinute: number;
    /**
     * Where the per-address limits are counted: in PostgreSQL, shared by every instance (default), or in this
     * process's memory, for a single instance only (docs/architecture.md §9.4).
     */
    store: RateLimitStoreKind;
  };
  /**
   * The Prometheus endpoint (docs/architecture.md §9.11): its own port (undefined: no metrics served), the interface
   * it listens on, and the bearer token a scrape must send (undefined: none asked).
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** Email: the server, the sender, the staff inbox, and how submission emails are sent. */
  mail: {
    smtpUrl: string;
    from: string;
    staffEmail: string;
    /** Retry schedule (fixed: mail-retry-policy.ts; tests may shorten it). */
    retry: MailRetryPolicy;
    /** Jobs each worker claims per fetch (tuning.ts). */
    batchSize: number;
    /** Independent pg-boss workers per process (tuning.ts). */
    workerConcurrency: number;
    /** SMTP connections in nodemailer's pool (tuning.ts). */
    poolConnections: number;
    /** Confirmations to visitors at most per address in any 24 hours and in total in any hour (confirmation-caps.ts). */
    confirmationCaps: ConfirmationCaps;
  };
  stripe: StripeConfig;
  /**
   * Signs donors' manage links (docs/architecture.md §9.10). `generated` says why this process made up a random
   * secret (DONOR_LINK_SECRET unset or a placeholder, outside production): its links die with the process.
   */
  donorLinks: { secret: string; generated: string | undefined };
  turnstile: { siteKey: string; secretKey: string; verifyUrl: string };
  periodicGift: PeriodicGiftSignatory;
  /** Caps on stored browser crash reports, counted in PostgreSQL over every instance (error-reports/; tuning.ts). */
  errorReports: { perHour: number; maxRows: number };
  /** Run the email worker inside the web process (default) or only in `npm run worker`. */
  runWorker: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Cloudflare's documented always-pass test secret: fine in tests, never in production. */
export const TURNSTILE_ALWAYS_PASS_SECRET = '1x0000000000000000000000000000000AA';
export const TURNSTILE_DEFAULT_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

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
  const values = readSettings(env, problems, ['PUBLIC_BASE_URL', 'TURNSTILE_SITE_KEY']);
  if (problems.length > 0) throw new ConfigError(problems);
  const { STATIC_DIR } = readSettings(env, problems, ['STATIC_DIR']);
  return { staticDir: STATIC_DIR, publicBaseUrl: values.PUBLIC_BASE_URL, turnstileSiteKey: values.TURNSTILE_SITE_KEY };
}

/** DATABASE_URL as the staff commands and `npm run db:migrate` read it; a problem is appended to `problems`. */
export function readDatabaseUrl(env: Env, problems: string[]): string {
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL is required (a postgresql:// URL)');
  return databaseUrl;
}

const RETENTION_SETTINGS = [
  'RETENTION_DAYS_VOLUNTEER',
  'RETENTION_DAYS_CONTACT',
  'RETENTION_DAYS_HELP_REQUEST',
  'RETENTION_DAYS_ERROR_REPORTS',
  'RETENTION_DAYS_DONATIONS',
] as const;

/**
 * The retention periods alone, shared by the web app and the staff commands (which need only DATABASE_URL and these).
 * Each default is explained in docs/privacy.md.
 */
function readRetentionDays(env: Env, problems: string[]): RetentionDays {
  const days = readSettings(env, problems, RETENTION_SETTINGS);
  return {
    volunteer: days.RETENTION_DAYS_VOLUNTEER,
    contact: days.RETENTION_DAYS_CONTACT,
    'help-request': days.RETENTION_DAYS_HELP_REQUEST,
    errorReports: days.RETENTION_DAYS_ERROR_REPORTS,
    donations: days.RETENTION_DAYS_DONATIONS,
  };
}

/** A live key must never go anywhere but Stripe. */
function checkLiveKey(stripe: StripeAccess, problems: string[]): void {
  if (stripe.secretKey.startsWith('sk_live_') && stripe.apiUrl) {
    problems.push('STRIPE_API_URL must not be set together with a live Stripe key');
  }
}

/**
 * The configuration of a staff command (CommandConfig): DATABASE_URL and the retention periods; `withStripe` adds the
 * Stripe key (and STRIPE_API_URL) for a command that reads from Stripe (`npm run donations -- reconcile`).
 */
export function loadCommandConfig(
  env: Env = process.env,
  options: { withStripe?: boolean; withSignatory?: boolean } = {},
): CommandConfig {
  const problems: string[] = [];
  const url = readDatabaseUrl(env, problems);
  const retentionDays = readRetentionDays(env, problems);
  let stripe: StripeAccess | undefined;
  if (options.withStripe) {
    const values = readSettings(env, problems, ['STRIPE_SECRET_KEY', 'STRIPE_API_URL', 'STRIPE_DONATION_PRODUCT_ID']);
    stripe = {
      secretKey: values.STRIPE_SECRET_KEY,
      apiUrl: values.STRIPE_API_URL,
      donationProductId: values.STRIPE_DONATION_PRODUCT_ID,
    };
    checkLiveKey(stripe, problems);
  }
  let periodicGift: PeriodicGiftSignatory | undefined;
  if (options.withSignatory) {
    const values = readSettings(env, problems, ['PERIODIC_GIFT_SIGNATORY_NAME', 'PERIODIC_GIFT_SIGNATORY_FUNCTION']);
    periodicGift = {
      signatoryName: values.PERIODIC_GIFT_SIGNATORY_NAME,
      signatoryFunction: values.PERIODIC_GIFT_SIGNATORY_FUNCTION,
    };
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    database: { url, ...COMMAND_POOLS },
    retentionDays,
    ...(stripe ? { stripe } : {}),
    ...(periodicGift ? { periodicGift } : {}),
  };
}

/** Why the webhook is off with this STRIPE_WEBHOOK_SECRET (read as settings.ts does), or undefined when it is on. */
function webhookOffReason(secret: string | undefined): string | undefined {
  if (secret === undefined) return 'STRIPE_WEBHOOK_SECRET is unset';
  if (isPlaceholderSecret(secret)) {
    return 'STRIPE_WEBHOOK_SECRET is a placeholder published with the code, which anyone could sign events with';
  }
  return undefined;
}

const OPENSSL = '`openssl rand -hex 32`';

/** `whsec_` and at least 24 more characters: Stripe's signing secrets are longer; a shorter one was typed by hand. */
const WEBHOOK_SECRET_MIN_LENGTH = 30;

/**
 * What production refuses of the secrets (docs/stripe-setup.md §1): unset where a cluster must set them, a value
 * published with the code or reading like a placeholder, and one value used for two secrets. One problem per variable.
 */
function productionSecretRefusals(
  env: Env,
  v: { STRIPE_WEBHOOK_SECRET?: string; DONOR_LINK_SECRET?: string },
): string[] {
  const problems: string[] = [];
  if (v.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET is required in production: the signing secret (whsec_…) of the webhook endpoint, from the Stripe Dashboard (docs/stripe-setup.md §2)',
    );
  }
  if (v.DONOR_LINK_SECRET === undefined) {
    problems.push(
      `DONOR_LINK_SECRET is required in production (${DONOR_LINK_SECRET_MIN_LENGTH} or more random characters, e.g. from ${OPENSSL})`,
    );
  }
  const how: Record<string, string> = {
    STRIPE_WEBHOOK_SECRET: "the endpoint's own signing secret from the Stripe Dashboard",
    DONOR_LINK_SECRET: `a value of its own from ${OPENSSL}`,
    METRICS_TOKEN: `a value of its own from ${OPENSSL}`,
  };
  for (const name of Object.keys(how)) {
    const value = env[name]?.trim();
    if (value && isPlaceholderSecret(value)) {
      problems.push(`${name} is a placeholder published with the code, which anyone can read: set ${how[name]}`);
    }
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const isShortSecret = webhookSecret?.startsWith('whsec_') && webhookSecret.length < WEBHOOK_SECRET_MIN_LENGTH;
  if (webhookSecret && isShortSecret && !isPlaceholderSecret(webhookSecret)) {
    problems.push(
      `STRIPE_WEBHOOK_SECRET is too short to be a signing secret from Stripe (at least ${WEBHOOK_SECRET_MIN_LENGTH} characters): set ${how.STRIPE_WEBHOOK_SECRET}`,
    );
  }
  for (const group of reusedSecrets(env, DISTINCT_SECRET_SETTINGS)) {
    problems.push(`${group.join(' and ')} have the same value: each secret must be its own (e.g. ${OPENSSL} for each)`);
  }
  return problems;
}

/**
 * Every setting of the table, checked, then the rules between settings: what production refuses, the metrics port
 * apart from the site's, and the email retries spanning a day. Given the foundation's facts (as the processes'
 * entry points give the built ones), their refusals join the same message (config/foundation-facts.ts).
 */
export function loadConfig(env: Env = process.env, { facts }: { facts?: FoundationFacts } = {}): AppConfig {
  const problems: string[] = [];
  const v = readSettings(env, problems);
  const nodeEnv = v.NODE_ENV;
  const production = nodeEnv === 'production';

  const webhookOff = webhookOffReason(v.STRIPE_WEBHOOK_SECRET);
  const stripe: StripeConfig = {
    secretKey: v.STRIPE_SECRET_KEY,
    apiUrl: v.STRIPE_API_URL,
    donationProductId: v.STRIPE_DONATION_PRODUCT_ID,
    webhookSecret: webhookOff === undefined ? v.STRIPE_WEBHOOK_SECRET : undefined,
    webhookOff,
    portalConfigurationId: v.STRIPE_PORTAL_CONFIGURATION_ID,
  };
  if (production) {
    problems.push(...testOnlyRefusals(env));
    checkLiveKey(stripe, problems);
    if (v.TURNSTILE_SECRET_KEY === TURNSTILE_ALWAYS_PASS_SECRET) {
      problems.push("TURNSTILE_SECRET_KEY is Cloudflare's always-pass test secret, which is refused in production");
    }
    problems.push(...productionSecretRefusals(env, v));
  }
  if (facts) problems.push(...foundationRefusals(facts, { production, publicBaseUrl: v.PUBLIC_BASE_URL }));

  // DONOR_LINK_SECRET (docs/architecture.md §9.10): required in production (above); elsewhere, when unset or a
  // placeholder, a random secret of this process, never one derived from another setting that may be public.
  const donorLinkSecret = v.DONOR_LINK_SECRET;
  const donorLinks: AppConfig['donorLinks'] =
    donorLinkSecret === undefined || isPlaceholderSecret(donorLinkSecret)
      ? {
          secret: processDonorLinkSecret(),
          generated:
            donorLinkSecret === undefined
              ? 'DONOR_LINK_SECRET is unset'
              : 'DONOR_LINK_SECRET is a published placeholder',
        }
      : { secret: donorLinkSecret, generated: undefined };

  const metrics: AppConfig['metrics'] = { port: v.METRICS_PORT, host: v.METRICS_HOST, token: v.METRICS_TOKEN };
  if (metrics.port !== undefined && metrics.port !== 0 && metrics.port === v.PORT) {
    problems.push("METRICS_PORT must differ from PORT: metrics are never served on the site's own port");
  }
  if (production && metrics.port !== undefined && !isLoopbackHost(metrics.host) && metrics.token === undefined) {
    problems.push(
      `METRICS_HOST is ${metrics.host}, reachable from other machines: set METRICS_TOKEN too in production (\`openssl rand -hex 32\`), or keep METRICS_HOST on 127.0.0.1`,
    );
  }

  const http: AppConfig['http'] = {
    headersTimeoutMs: v.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: v.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: v.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: v.HTTP_MAX_CONNECTIONS,
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }

  const mail: AppConfig['mail'] = {
    smtpUrl: v.SMTP_URL,
    from: v.MAIL_FROM,
    staffEmail: v.STAFF_EMAIL,
    retry: {
      retryDelaySeconds: v.MAIL_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: v.MAIL_RETRY_DELAY_MAX_SECONDS,
      retryLimit: v.MAIL_RETRY_LIMIT,
    },
    batchSize: v.MAIL_BATCH_SIZE,
    workerConcurrency: MAIL_THROUGHPUT.workerConcurrency,
    poolConnections: MAIL_THROUGHPUT.poolConnections,
    confirmationCaps: {
      perAddressPerDay: v.CONFIRMATION_CAP_PER_ADDRESS_PER_DAY,
      perHour: v.CONFIRMATION_CAP_PER_HOUR,
    },
  };
  const retrySpan = retrySpanSeconds(mail.retry);
  if (production && retrySpan.min < MIN_RETRY_SPAN_SECONDS) {
    problems.push(
      `MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_DELAY_MAX_SECONDS and MAIL_RETRY_LIMIT must keep retrying for at least 24 hours (they give ${(retrySpan.min / 3600).toFixed(1)} h)`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    nodeEnv,
    logLevel: v.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    site: {
      port: v.PORT,
      host: v.HOST,
      publicBaseUrl: v.PUBLIC_BASE_URL,
      trustProxy: v.TRUST_PROXY,
      staticDir: v.STATIC_DIR,
    },
    http,
    limits: {
      postPerMinute: v.RATE_LIMIT_POST_PER_MINUTE,
      checkoutPerMinute: v.CHECKOUT_RATE_LIMIT_PER_MINUTE,
      store: v.RATE_LIMIT_STORE,
    },
    metrics,
    database: { url: v.DATABASE_URL, ...SERVER_POOLS },
    retentionDays: {
      volunteer: v.RETENTION_DAYS_VOLUNTEER,
      contact: v.RETENTION_DAYS_CONTACT,
      'help-request': v.RETENTION_DAYS_HELP_REQUEST,
      errorReports: v.RETENTION_DAYS_ERROR_REPORTS,
      donations: v.RETENTION_DAYS_DONATIONS,
    },
    mail,
    stripe,
    donorLinks,
    periodicGift: {
      signatoryName: v.PERIODIC_GIFT_SIGNATORY_NAME,
      signatoryFunction: v.PERIODIC_GIFT_SIGNATORY_FUNCTION,
    },
    turnstile: {
      siteKey: v.TURNSTILE_SITE_KEY,
      secretKey: v.TURNSTILE_SECRET_KEY,
      verifyUrl: v.TURNSTILE_VERIFY_URL ?? TURNSTILE_DEFAULT_VERIFY_URL,
    },
    errorReports: { perHour: v.ERROR_REPORTS_PER_HOUR, maxRows: v.ERROR_REPORTS_MAX_ROWS },
    runWorker: v.RUN_WORKER,
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
 * The effective settings without secrets, logged once when a web or worker process starts (docs/configuration.md):
 * what an operator checks first when a setting seems to do nothing. URLs lose their user and password, the Stripe and
 * Turnstile keys are reduced to their mode, the other secrets of settings.ts are left out; everything else is shown
 * as the process uses it, defaults included (configuration-docs.spec.ts checks each setting of the table shows).
 */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  const { site, stripe, mail } = config;
  return {
    nodeEnv: config.nodeEnv,
    listen: `${site.host}:${site.port}`,
    publicBaseUrl: site.publicBaseUrl,
    database: withoutCredentials(config.database.url),
    databasePools: { prisma: config.database.poolSize, queue: config.database.queuePoolSize },
    smtp: withoutCredentials(mail.smtpUrl),
    stripe: stripe.secretKey.includes('_live_') ? 'live' : 'test',
    stripeApiUrl: stripe.apiUrl ?? 'default',
    turnstile: config.turnstile.secretKey === TURNSTILE_ALWAYS_PASS_SECRET ? 'always-pass test keys' : 'own keys',
    turnstileVerifyUrl: config.turnstile.verifyUrl,
    trustProxy: site.trustProxy,
    rateLimits: config.limits,
    metrics: config.metrics.port === undefined ? 'off' : `${config.metrics.host}:${config.metrics.port}`,
    stripeDonationProductId: stripe.donationProductId,
    stripePortalConfigurationId: stripe.portalConfigurationId ?? "the account's default",
    stripeWebhook: stripe.webhookOff === undefined ? 'on' : `off: ${stripe.webhookOff}`,
    donorLinkSecret: config.donorLinks.generated === undefined ? 'set' : 'random, this process only',
    periodicGiftSignatory: `${config.periodicGift.signatoryName ?? '(the foundation)'}, ${config.periodicGift.signatoryFunction}`,
    http: config.http,
    errorReports: config.errorReports,
    retentionDays: config.retentionDays,
    runWorker: config.runWorker,
    mail: {
      retry: mail.retry,
      batchSize: mail.batchSize,
      workerConcurrency: mail.workerConcurrency,
      poolConnections: mail.poolConnections,
      confirmationCaps: mail.confirmationCaps,
    },
    staticDir: site.staticDir,
    logLevel: config.logLevel,
  };
}

/**
 * For process entry points (web, worker): the validated configuration with the foundation's facts as built, or one
 * message naming every bad variable and fact and exit 1.
 */
export function loadConfigOrExit(env: Env = process.env, facts: FoundationFacts = FOUNDATION): AppConfig {
  try {
    return loadConfig(env, { facts });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
