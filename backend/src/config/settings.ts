import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { withoutTrailingSlashes } from '@stichting/contracts';
import { DEFAULT_MAIL_RETRY_POLICY } from './mail-retry-policy';
import {
  EMAIL,
  type Env,
  isLoopbackUrl,
  isMailbox,
  isUrl,
  optionalHttpUrl,
  positiveInt,
  readBoolean,
  readPort,
  readTrustProxy,
  readWord,
  requiredValue,
} from './parse';
import { STRIPE_API_VERSION } from './stripe-api-version';
import { ERROR_REPORT_CAPS, HTTP_LIMITS, MAIL_THROUGHPUT } from './tuning';

/**
 * Every setting of the site, declared once (docs/configuration.md is generated from this table, as are .env.example,
 * the compose files' environment and the Kubernetes ConfigMap and Secret template: `npm run settings:docs`; a unit
 * test fails when one of them is out of date). A new setting is one entry here, read in app-config.ts.
 *
 * The order is the order the values are checked in, and so the order of the problems a failed start lists.
 */

/** Where a setting belongs, for the documentation's sections. */
export type SettingGroup =
  'site' | 'database' | 'mail' | 'stripe' | 'turnstile' | 'limits' | 'retention' | 'metrics' | 'workers' | 'compose';

/** The processes that read a setting: the web process, `npm run worker`, the staff commands (and `db:migrate`), the build's page compression, or docker compose itself. */
export type Reader = 'web' | 'worker' | 'commands' | 'build' | 'compose';

/** How docker-compose.yml and docker-compose.scale.yml hand a setting to the app container. */
export type ComposePassing =
  /** From .env by name, with this default when unset ('' lets the app choose its own). */
  | { default: string }
  /** Fixed for compose's own services (the YAML value as written). */
  | { fixed: string }
  /** Not passed at all. */
  | 'omitted';

export interface SettingSpec<T = unknown> {
  group: SettingGroup;
  /** One line an operator understands. */
  description: string;
  /** The default, as documented ('' when there is none: unset means off, or the setting is required). */
  default: string;
  /** Parses and checks the value, appending what is wrong to `problems`. Absent for compose-only settings. */
  read?: (env: Env, problems: string[], name: string) => T;
  /** Never logged (or logged only with its password or key removed). */
  secret?: boolean;
  /** Must be set always, or in production only. */
  required?: 'always' | 'production';
  /**
   * Only for tests (a stand-in's address, or a value a test shortens): refused when NODE_ENV=production, unless
   * `acceptedInProduction` says this value may stay. Never in .env.example.
   */
  testOnly?: { acceptedInProduction?: (value: string) => boolean; refusal: string };
  readBy: readonly Reader[];
  /** The line in .env.example (its value), or undefined: documented in docs/configuration.md only. */
  example?: string;
  compose: ComposePassing;
  /** The value in deploy/kubernetes (ConfigMap, or the Secret template when `secret`), with an optional comment. */
  kubernetes?: { value: string; note?: string };
}

function setting<T>(spec: SettingSpec<T>): SettingSpec<T> {
  return spec;
}

const WEB: readonly Reader[] = ['web', 'worker'];
const WEB_AND_COMMANDS: readonly Reader[] = ['web', 'worker', 'commands'];
const PASSED = { default: '' } as const;

const positive =
  (fallback: number) =>
  (env: Env, problems: string[], name: string): number =>
    positiveInt(env, name, fallback, problems);

const required =
  (check: (value: string) => boolean, expectation: string) =>
  (env: Env, problems: string[], name: string): string =>
    requiredValue(env, problems, name, check, expectation);

const STAND_IN_ACCEPTED =
  'a stand-in on this machine (127.0.0.1, ::1 or localhost) is accepted, to test the production build';

export const NODE_ENVS = ['production', 'development', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
export type RateLimitStoreKind = 'postgres' | 'memory';
export const RATE_LIMIT_STORES: readonly RateLimitStoreKind[] = ['postgres', 'memory'];

/** Shortest DONOR_LINK_SECRET accepted: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const DONOR_LINK_SECRET_MIN_LENGTH = 32;
/** The product id used when STRIPE_DONATION_PRODUCT_ID is unset (docs/architecture.md §9.9). */
export const DEFAULT_DONATION_PRODUCT_ID = 'monthly_donation';
/** A bearer token a scraper can send as it is: 16 to 256 characters without spaces or quotes. */
const METRICS_TOKEN = /^[\x21\x23-\x26\x28-\x7e]{16,256}$/;
const TURNSTILE_KEY = /^[\w-]{8,100}$/;

/** A signatory's name or function on a periodic gift agreement: one plain line of at most 100 characters. */
export const SIGNATORY_TEXT_MAX_LENGTH = 100;
function signatoryText(env: Env, problems: string[], name: string): string | undefined {
  const value = env[name]?.trim() ?? '';
  if (value === '') return undefined;
  // eslint-disable-next-line no-control-regex
  if (value.length > SIGNATORY_TEXT_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) {
    problems.push(`${name} must be one line of at most ${SIGNATORY_TEXT_MAX_LENGTH} characters`);
  }
  return value;
}

/** The settings the app reads, in the order they are checked. */
export const SETTINGS = {
  NODE_ENV: setting({
    group: 'site',
    description:
      '`production` in deployments (HSTS, the production refusals), `development` or `test`; any other word is refused',
    default: 'development',
    /** A misspelt "production" is refused: it would boot without the production checks. */
    read: (env, problems): NodeEnv => {
      const raw = env.NODE_ENV?.trim() ?? '';
      if (raw === '') return 'development';
      const nodeEnv = NODE_ENVS.find((name) => name === raw);
      if (nodeEnv === undefined) problems.push(`NODE_ENV must be production, development or test (got "${raw}")`);
      return nodeEnv ?? 'development';
    },
    readBy: WEB,
    example: 'development',
    compose: { default: 'development' },
    kubernetes: { value: 'production' },
  }),
  PORT: setting({
    group: 'site',
    description: 'port the site listens on (under compose fixed inside the container: see APP_PORT)',
    default: '3000',
    read: (env, problems, name): number => readPort(env, name, 3000, problems) ?? 3000,
    readBy: WEB,
    example: '3000',
    compose: { fixed: "'3000'" },
  }),
  HOST: setting({
    group: 'site',
    description: 'interface to listen on: 0.0.0.0 in a container, 127.0.0.1 on a workstation',
    default: '0.0.0.0',
    read: (env): string => env.HOST?.trim() || '0.0.0.0',
    readBy: WEB,
    example: '127.0.0.1',
    compose: { fixed: '0.0.0.0' },
  }),
  DATABASE_URL: setting({
    group: 'database',
    description: 'PostgreSQL connection URL (under compose: its own database, or COMPOSE_DATABASE_URL)',
    default: '',
    read: required((v) => isUrl(v, ['postgres:', 'postgresql:']), 'a postgresql:// URL'),
    secret: true,
    required: 'always',
    readBy: WEB_AND_COMMANDS,
    example: 'postgresql://postgres@127.0.0.1:5432/site',
    compose: { fixed: '${COMPOSE_DATABASE_URL:-postgresql://site:site@postgres:5432/site}' },
    kubernetes: { value: "''", note: 'postgresql://USER:PASSWORD@HOST:5432/DATABASE' },
  }),
  PUBLIC_BASE_URL: setting({
    group: 'site',
    description:
      'public address of the site (canonical links, sitemap, Stripe return URLs, Turnstile hostname check); the only origin whose pages may POST to the API',
    default: '',
    read: (env, problems, name): string =>
      withoutTrailingSlashes(
        requiredValue(
          env,
          problems,
          name,
          (v) => isUrl(v, ['http:', 'https:']),
          'an http(s) URL such as https://www.example.org',
        ),
      ),
    required: 'always',
    readBy: ['web', 'worker', 'build'],
    example: 'http://localhost:3000',
    compose: { default: 'http://localhost:3000' },
    kubernetes: { value: 'https://www.example.org' },
  }),
  SMTP_URL: setting({
    group: 'mail',
    description:
      'mail server for every email: smtp://user:pass@host:587 or smtps://…:465 (under compose: the mail catcher, or COMPOSE_SMTP_URL)',
    default: '',
    read: required((v) => isUrl(v, ['smtp:', 'smtps:']), 'an smtp:// or smtps:// URL'),
    secret: true,
    required: 'always',
    readBy: WEB,
    example: 'smtp://127.0.0.1:1025',
    compose: { fixed: '${COMPOSE_SMTP_URL:-smtp://mailpit:1025}' },
    kubernetes: { value: "''", note: 'smtp://USER:PASSWORD@HOST:587 or smtps://USER:PASSWORD@HOST:465' },
  }),
  MAIL_FROM: setting({
    group: 'mail',
    description: 'sender of every message: `Name <address>` or an address',
    default: '',
    read: required(isMailbox, 'an address such as "Stichting <info@example.org>"'),
    required: 'always',
    readBy: WEB,
    example: '"Stichting Samen Verder <noreply@example.org>"',
    compose: { default: 'Stichting Samen Verder <noreply@example.org>' },
    kubernetes: { value: 'Stichting Samen Verder <noreply@example.org>' },
  }),
  STAFF_EMAIL: setting({
    group: 'mail',
    description: 'inbox that receives new volunteer applications, contact messages and help requests',
    default: '',
    read: required((v) => EMAIL.test(v), 'an email address'),
    required: 'always',
    readBy: WEB,
    example: 'info@example.org',
    compose: { default: 'staff@example.org' },
    kubernetes: { value: 'staff@example.org' },
  }),
  PERIODIC_GIFT_SIGNATORY_NAME: setting({
    group: 'site',
    description:
      "who countersigns a periodic gift agreement for the foundation (docs/product.md §4.9), e.g. a board member's full name; unset: the foundation's name",
    default: '',
    read: (env, problems, name): string | undefined => signatoryText(env, problems, name),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  PERIODIC_GIFT_SIGNATORY_FUNCTION: setting({
    group: 'site',
    description: "the countersigning signatory's function on the agreement, e.g. secretaris or penningmeester",
    default: 'bestuurder',
    read: (env, problems, name): string => signatoryText(env, problems, name) ?? 'bestuurder',
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  STRIPE_SECRET_KEY: setting({
    group: 'stripe',
    description: 'Stripe secret key: sk_test_… while testing, sk_live_… in production (a restricted rk_… works too)',
    default: '',
    read: required((v) => /^(sk|rk)_(test|live)_\w+$/.test(v), 'a Stripe secret key (sk_test_… or sk_live_…)'),
    secret: true,
    required: 'always',
    readBy: WEB_AND_COMMANDS,
    example: 'sk_test_replace_me',
    compose: { default: 'sk_test_replace_me' },
    kubernetes: { value: "''", note: 'sk_live_… (or a restricted rk_live_…) from the Stripe Dashboard.' },
  }),
  STRIPE_API_URL: setting({
    group: 'stripe',
    description: "tests only: a local server speaking Stripe's API instead of Stripe",
    default: '',
    read: (env, problems, name): string | undefined => optionalHttpUrl(env, problems, name),
    testOnly: {
      acceptedInProduction: isLoopbackUrl,
      refusal: `a stand-in for Stripe's API, for tests only: unset it in production (${STAND_IN_ACCEPTED})`,
    },
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  STRIPE_DONATION_PRODUCT_ID: setting({
    group: 'stripe',
    description:
      'the one Stripe product every monthly gift is a price of; created with this id on the first donation if missing',
    default: DEFAULT_DONATION_PRODUCT_ID,
    read: (env, problems, name): string => {
      const value = env[name]?.trim() || DEFAULT_DONATION_PRODUCT_ID;
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) {
        problems.push(`${name} must be a Stripe product id of letters, digits, _ and - (got "${value}")`);
      }
      return value;
    },
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  STRIPE_WEBHOOK_SECRET: setting({
    group: 'stripe',
    description:
      'signing secret (whsec_…) of the webhook endpoint https://<your-site>/api/stripe/webhook, from the Stripe Dashboard (or `stripe listen` on a workstation); unset or a placeholder: the webhook is off (503), and production refuses to start',
    default: '',
    read: (env, problems, name): string | undefined => {
      const value = env[name]?.trim() ?? '';
      if (value === '') return undefined;
      if (!value.startsWith('whsec_'))
        problems.push(`${name} must be a Stripe webhook signing secret (whsec_…) (got "…")`);
      return value;
    },
    secret: true,
    required: 'production',
    readBy: WEB,
    example: '',
    compose: PASSED,
    kubernetes: {
      value: "''",
      note: 'The signing secret (whsec_…) of the webhook endpoint, from the Stripe Dashboard (docs/stripe-setup.md §2).',
    },
  }),
  STRIPE_PORTAL_CONFIGURATION_ID: setting({
    group: 'stripe',
    description: "customer-portal configuration (bpc_…) donors' manage links open; unset: the account's default one",
    default: '',
    read: (env, problems, name): string | undefined => {
      const value = env[name]?.trim() ?? '';
      if (value === '') return undefined;
      if (!/^bpc_\w+$/.test(value)) {
        problems.push(`${name} must be a customer-portal configuration id (bpc_…) (got "${value}")`);
      }
      return value;
    },
    readBy: WEB,
    example: '',
    compose: PASSED,
  }),
  DONOR_LINK_SECRET: setting({
    group: 'stripe',
    description: `signs the manage links in donor emails: ${DONOR_LINK_SECRET_MIN_LENGTH} or more random characters (\`openssl rand -hex 32\`), its own value; changing it invalidates links already sent; outside production, when unset or a placeholder, each process makes up a random one (links then stop working at a restart)`,
    default: '',
    read: (env, problems, name): string | undefined => {
      const value = env[name]?.trim() ?? '';
      if (value === '') return undefined;
      if (value.length < DONOR_LINK_SECRET_MIN_LENGTH) {
        problems.push(`${name} must be at least ${DONOR_LINK_SECRET_MIN_LENGTH} characters long (got ${value.length})`);
      }
      return value;
    },
    secret: true,
    required: 'production',
    readBy: WEB,
    example: '',
    compose: PASSED,
    kubernetes: {
      value: "''",
      note: 'Signs the manage links in donor emails: `openssl rand -hex 32` (its own value, used nowhere else).',
    },
  }),
  STRIPE_WEBHOOK_API_VERSION: setting({
    group: 'stripe',
    description: `the API version set on the webhook endpoint; when set, the start fails unless it is the one this build reads (${STRIPE_API_VERSION})`,
    default: '',
    /** A mismatch is found at deploy time rather than at the first donation (docs/architecture.md §9.9). */
    read: (env, problems, name): void => {
      const configured = env[name]?.trim();
      if (configured && configured !== STRIPE_API_VERSION) {
        problems.push(
          `${name} is ${configured}, but this build reads Stripe events of API version ${STRIPE_API_VERSION} only: ` +
            `set the webhook endpoint (and the account's default API version) to ${STRIPE_API_VERSION} in the Stripe Dashboard, then this variable to the same`,
        );
      }
    },
    readBy: WEB,
    example: '',
    compose: PASSED,
  }),
  TURNSTILE_SITE_KEY: setting({
    group: 'turnstile',
    description: 'Cloudflare Turnstile site key (public; written into the pages)',
    default: '',
    read: required((v) => TURNSTILE_KEY.test(v), 'a Cloudflare Turnstile site key'),
    required: 'always',
    readBy: ['web', 'worker', 'build'],
    example: '1x00000000000000000000AA',
    compose: { default: '1x00000000000000000000AA' },
    kubernetes: { value: 'replace-with-the-turnstile-site-key' },
  }),
  TURNSTILE_SECRET_KEY: setting({
    group: 'turnstile',
    description: "Cloudflare Turnstile secret key; Cloudflare's always-pass test secret is refused in production",
    default: '',
    read: required((v) => TURNSTILE_KEY.test(v), 'a Cloudflare Turnstile secret key'),
    secret: true,
    required: 'always',
    readBy: WEB,
    example: '1x0000000000000000000000000000000AA',
    compose: { default: '1x0000000000000000000000000000000AA' },
    kubernetes: { value: "''", note: "The Turnstile widget's secret key, from the Cloudflare dashboard." },
  }),
  TURNSTILE_VERIFY_URL: setting({
    group: 'turnstile',
    description: "tests only: a local siteverify endpoint instead of Cloudflare's",
    default: '',
    read: (env, problems, name): string | undefined => optionalHttpUrl(env, problems, name),
    testOnly: {
      acceptedInProduction: isLoopbackUrl,
      refusal: `a stand-in for Cloudflare's siteverify, for tests only: unset it in production (${STAND_IN_ACCEPTED})`,
    },
    readBy: WEB,
    compose: PASSED,
  }),
  TRUST_PROXY: setting({
    group: 'site',
    description:
      'behind a reverse proxy: the number of proxies in front (1) or their addresses/CIDR ranges; `true` is refused (any client could choose the address the limits count)',
    default: 'false',
    read: (env, problems): false | number | string => readTrustProxy(env, problems),
    readBy: WEB,
    example: '',
    compose: { default: '1' },
    kubernetes: {
      value: "'1'",
      note:
        'One proxy in front of the pods: the ingress controller, which appends the client to X-Forwarded-For. Count\n' +
        'every proxy that appends (a cloud load balancer in front of the ingress controller makes it 2), and keep the\n' +
        'Service internal (ClusterIP) so nobody reaches the pods around them.',
    },
  }),
  RETENTION_DAYS_VOLUNTEER: setting({
    group: 'retention',
    description: 'days volunteer applications are kept (8 weeks, like job applications)',
    default: '56',
    read: positive(56),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  RETENTION_DAYS_CONTACT: setting({
    group: 'retention',
    description: 'days contact messages are kept (1 year)',
    default: '365',
    read: positive(365),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  RETENTION_DAYS_HELP_REQUEST: setting({
    group: 'retention',
    description: 'days help requests are kept (about 6 months)',
    default: '180',
    read: positive(180),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  RETENTION_DAYS_ERROR_REPORTS: setting({
    group: 'retention',
    description: 'days a browser error report is kept since it was last seen',
    default: '90',
    read: positive(90),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  RETENTION_DAYS_DONATIONS: setting({
    group: 'retention',
    description:
      'days donations and their payments are kept (8 years: 7 years after the end of their year, a fiscal obligation)',
    default: '2922',
    read: positive(2922),
    readBy: WEB_AND_COMMANDS,
    compose: PASSED,
  }),
  ERROR_REPORTS_PER_HOUR: setting({
    group: 'limits',
    description: 'tests only: new browser error reports stored an hour over every instance',
    default: String(ERROR_REPORT_CAPS.perHour),
    read: positive(ERROR_REPORT_CAPS.perHour),
    testOnly: { refusal: 'a test-only shortening of a fixed cap (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  ERROR_REPORTS_MAX_ROWS: setting({
    group: 'limits',
    description: 'tests only: browser error reports the table keeps at most',
    default: String(ERROR_REPORT_CAPS.maxRows),
    read: positive(ERROR_REPORT_CAPS.maxRows),
    testOnly: { refusal: 'a test-only shortening of a fixed cap (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  RATE_LIMIT_POST_PER_MINUTE: setting({
    group: 'limits',
    description: 'POST requests per minute per client address, per route, over every instance',
    default: '20',
    read: positive(20),
    readBy: WEB,
    compose: PASSED,
  }),
  CHECKOUT_RATE_LIMIT_PER_MINUTE: setting({
    group: 'limits',
    description: 'checkout sessions per minute per client address (against card testing)',
    default: '10',
    read: positive(10),
    readBy: WEB,
    compose: PASSED,
  }),
  RATE_LIMIT_STORE: setting({
    group: 'limits',
    description:
      'where the per-address limits are counted: `postgres` (shared by every instance) or `memory` (for a single instance only)',
    default: 'postgres',
    read: (env, problems, name): RateLimitStoreKind => readWord(env, name, RATE_LIMIT_STORES, 'postgres', problems),
    readBy: WEB,
    compose: PASSED,
  }),
  METRICS_PORT: setting({
    group: 'metrics',
    description: "port of Prometheus metrics at GET /metrics (e.g. 9464; never the site's port); unset: none served",
    default: '',
    read: (env, problems, name): number | undefined => readPort(env, name, undefined, problems),
    readBy: WEB,
    example: '',
    compose: PASSED,
  }),
  METRICS_HOST: setting({
    group: 'metrics',
    description:
      'interface of the metrics port: an IP address (0.0.0.0 in a container so Prometheus reaches it; never publish the port)',
    default: '127.0.0.1',
    read: (env, problems, name): string => {
      const host = env[name]?.trim() || '127.0.0.1';
      if (env[name]?.trim() && isIP(host) === 0 && host !== 'localhost') {
        problems.push(`${name} must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0 (got "${host}")`);
      }
      return host;
    },
    readBy: WEB,
    example: '127.0.0.1',
    compose: PASSED,
  }),
  METRICS_TOKEN: setting({
    group: 'metrics',
    description:
      'bearer token (16-256 characters, `openssl rand -hex 32`) every scrape must send, others get 401; required in production when METRICS_HOST is not a loopback address',
    default: '',
    read: (env, problems, name): string | undefined => {
      const token = env[name]?.trim() || undefined;
      if (token !== undefined && !METRICS_TOKEN.test(token)) {
        problems.push(`${name} must be 16 to 256 characters without spaces or quotes (e.g. \`openssl rand -hex 32\`)`);
      }
      return token;
    },
    secret: true,
    readBy: WEB,
    example: '',
    compose: PASSED,
  }),
  HTTP_HEADERS_TIMEOUT_MS: setting({
    group: 'limits',
    description: "tests only: deadline for a request's headers",
    default: String(HTTP_LIMITS.headersTimeoutMs),
    read: positive(HTTP_LIMITS.headersTimeoutMs),
    testOnly: { refusal: 'a test-only shortening of a fixed limit (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  HTTP_REQUEST_TIMEOUT_MS: setting({
    group: 'limits',
    description: 'tests only: deadline for a whole request (headers and body)',
    default: String(HTTP_LIMITS.requestTimeoutMs),
    read: positive(HTTP_LIMITS.requestTimeoutMs),
    testOnly: { refusal: 'a test-only shortening of a fixed limit (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: setting({
    group: 'limits',
    description:
      "idle time of a kept-alive connection; behind a load balancer that reuses idle connections, set it above the balancer's idle timeout",
    default: '5000',
    read: positive(5_000),
    readBy: WEB,
    compose: PASSED,
  }),
  HTTP_MAX_CONNECTIONS: setting({
    group: 'limits',
    description: 'tests only: open connections at most (further ones are closed at once)',
    default: String(HTTP_LIMITS.maxConnections),
    read: positive(HTTP_LIMITS.maxConnections),
    testOnly: { refusal: 'a test-only lowering of a fixed limit (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  MAIL_RETRY_DELAY_SECONDS: setting({
    group: 'workers',
    description: 'tests only: wait before the first email retry, doubling after each',
    default: String(DEFAULT_MAIL_RETRY_POLICY.retryDelaySeconds),
    read: positive(DEFAULT_MAIL_RETRY_POLICY.retryDelaySeconds),
    testOnly: { refusal: 'a test-only shortening of the email retry schedule (config/mail-retry-policy.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  MAIL_RETRY_DELAY_MAX_SECONDS: setting({
    group: 'workers',
    description: 'tests only: longest wait between two email retries',
    default: String(DEFAULT_MAIL_RETRY_POLICY.retryDelayMaxSeconds),
    read: positive(DEFAULT_MAIL_RETRY_POLICY.retryDelayMaxSeconds),
    testOnly: { refusal: 'a test-only shortening of the email retry schedule (config/mail-retry-policy.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  MAIL_RETRY_LIMIT: setting({
    group: 'workers',
    description: 'tests only: email retries before a message is given up as `dead`',
    default: String(DEFAULT_MAIL_RETRY_POLICY.retryLimit),
    read: positive(DEFAULT_MAIL_RETRY_POLICY.retryLimit),
    testOnly: { refusal: 'a test-only shortening of the email retry schedule (config/mail-retry-policy.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  MAIL_BATCH_SIZE: setting({
    group: 'workers',
    description: 'tests only: email jobs each worker claims at once',
    default: String(MAIL_THROUGHPUT.batchSize),
    read: positive(MAIL_THROUGHPUT.batchSize),
    testOnly: { refusal: 'a test-only change of a fixed value (config/tuning.ts): unset it' },
    readBy: WEB,
    compose: 'omitted',
  }),
  CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: setting({
    group: 'limits',
    description:
      'confirmation emails to one address in any 24 hours; past a cap the form is kept and staff mailed, only the confirmation is skipped',
    default: '3',
    read: positive(3),
    readBy: WEB,
    compose: PASSED,
  }),
  CONFIRMATION_CAP_PER_HOUR: setting({
    group: 'limits',
    description: 'confirmation emails in total in any hour, over every instance',
    default: '200',
    read: positive(200),
    readBy: WEB,
    compose: PASSED,
  }),
  RUN_WORKER: setting({
    group: 'workers',
    description:
      'run the background jobs (emails, nightly retention purge, daily reconciliation with Stripe) in the web process; `false` plus one `npm run worker` to scale them apart',
    default: 'true',
    read: (env, problems, name): boolean => readBoolean(env, name, true, problems),
    readBy: WEB,
    example: 'true',
    compose: PASSED,
  }),
  STATIC_DIR: setting({
    group: 'site',
    description: 'folder of the prerendered site (fixed inside the image)',
    default: 'frontend/build',
    read: (env, _problems, name): string => env[name]?.trim() || resolve(__dirname, '../../../frontend/build'),
    readBy: ['web', 'worker', 'build'],
    compose: 'omitted',
  }),
  LOG_LEVEL: setting({
    group: 'site',
    description: 'pino log level: fatal, error, warn, info or debug (`warn` under NODE_ENV=test)',
    default: 'info',
    read: (env, _problems, name): string | undefined => env[name]?.trim() || undefined,
    readBy: WEB,
    example: 'info',
    compose: PASSED,
    kubernetes: { value: 'info' },
  }),
} satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

/** Read by docker compose only, never by the app (docker-compose.yml). */
export const COMPOSE_SETTINGS: Record<string, SettingSpec<never>> = {
  APP_PORT: {
    group: 'compose',
    description:
      "port of the site on this machine (the load balancer's); with another one set PUBLIC_BASE_URL to match (e.g. http://localhost:8080), or the browser's forms are refused",
    default: '3000',
    readBy: ['compose'],
    example: '3000',
    compose: 'omitted',
  },
  MAILPIT_PORT: {
    group: 'compose',
    description:
      "port of the mail catcher's inbox on this machine, published on 127.0.0.1 only (the inbox shows every email, manage links included)",
    default: '8025',
    readBy: ['compose'],
    example: '8025',
    compose: 'omitted',
  },
  COMPOSE_DATABASE_URL: {
    group: 'compose',
    description: 'another database for the app container; unset: the compose service `postgres`',
    default: '',
    secret: true,
    readBy: ['compose'],
    example: '',
    compose: 'omitted',
  },
  COMPOSE_SMTP_URL: {
    group: 'compose',
    description: 'a real mail server for the app container; unset: the compose mail catcher `mailpit`',
    default: '',
    secret: true,
    readBy: ['compose'],
    example: '',
    compose: 'omitted',
  },
};

/** Every setting, the app's and compose's: what the documentation lists. */
export const ALL_SETTINGS: Record<string, SettingSpec> = { ...SETTINGS, ...COMPOSE_SETTINGS };

/** The parsed value of each setting of SETTINGS. */
export type SettingValues = {
  [K in SettingName]: (typeof SETTINGS)[K] extends SettingSpec<infer T> ? T : never;
};

/** Reads `names` (every setting by default) in the table's order; problems are appended to `problems`. */
export function readSettings<K extends SettingName>(
  env: Env,
  problems: string[],
  names: readonly K[] = Object.keys(SETTINGS) as K[],
): Pick<SettingValues, K> {
  const values: Partial<Record<SettingName, unknown>> = {};
  for (const name of names) values[name] = (SETTINGS[name] as SettingSpec).read?.(env, problems, name);
  return values as Pick<SettingValues, K>;
}

/** The problems of a production start with a test-only setting that is set (and not accepted there). */
export function testOnlyRefusals(env: Env): string[] {
  return Object.entries(SETTINGS as Record<string, SettingSpec>).flatMap(([name, spec]) => {
    const value = env[name]?.trim();
    if (!spec.testOnly || !value || spec.testOnly.acceptedInProduction?.(value)) return [];
    return [`${name} is ${spec.testOnly.refusal}`];
  });
}

/** The settings `reader` reads, by name. */
export function settingsReadBy(reader: Reader): string[] {
  return Object.entries(ALL_SETTINGS)
    .filter(([, spec]) => spec.readBy.includes(reader))
    .map(([name]) => name);
}
