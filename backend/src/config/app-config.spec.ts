import {
  ConfigError,
  DEFAULT_DONATION_PRODUCT_ID,
  loadCommandConfig,
  describeConfig,
  loadConfig,
  TURNSTILE_ALWAYS_PASS_SECRET,
  TURNSTILE_DEFAULT_VERIFY_URL,
  type Env,
} from './app-config';
import { EXAMPLE_FACTS, EXAMPLE_FIELDS, type FoundationFacts } from '@stichting/contracts';
import { createHmac, randomBytes } from 'node:crypto';
import { MIN_RETRY_SPAN_SECONDS, retrySpanSeconds } from './mail-retry-policy';
import { PUBLISHED_PLACEHOLDERS } from './published-secrets';
import { STRIPE_API_VERSION } from './stripe-api-version';
import { ERROR_REPORT_CAPS, HTTP_LIMITS, MAIL_THROUGHPUT } from './tuning';

/** A secret of this test run, so no value written here could ever verify or sign anything. */
const generated = (prefix = ''): string => `${prefix}${randomBytes(32).toString('hex')}`;

/** Every variable required in every mode, valid, and nothing optional: what an operator must set at the least. */
const REQUIRED: Env = {
  DATABASE_URL: 'postgresql://site@db.internal:5432/site',
  PUBLIC_BASE_URL: 'https://www.stichting.example',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  MAIL_FROM: 'Stichting Voorbeeld <info@stichting.example>',
  STAFF_EMAIL: 'team@stichting.example',
  STRIPE_SECRET_KEY: 'sk_live_51abcDEF',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAsitekey',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecretkey',
};

/** What production needs on top: a webhook signing secret and a donor-link secret of its own. */
const PRODUCTION: Env = {
  ...REQUIRED,
  NODE_ENV: 'production',
  STRIPE_WEBHOOK_SECRET: generated('whsec_'),
  DONOR_LINK_SECRET: generated(),
};

/** The problems the operator is shown at boot for this environment; [] when it boots. */
function problemsOf(env: Env, facts?: FoundationFacts): string[] {
  try {
    loadConfig(env, { facts });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration from the environment', () => {
  describe('required variables', () => {
    const NAMES = Object.keys(REQUIRED);

    it('boots with only the required variables set', () => {
      expect(problemsOf(REQUIRED)).toEqual([]);
    });

    it('names every missing variable in one message, not just the first', () => {
      const error = (() => {
        try {
          loadConfig({});
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      const { message, problems } = error as ConfigError;
      expect(problems).toHaveLength(NAMES.length);
      for (const name of NAMES) expect(message).toContain(`- ${name} is required (`);
      expect(message.split('\n')[0]).toBe('Invalid configuration:');
    });

    it.each(NAMES)('%s alone missing, empty or blank is the one problem', (name) => {
      for (const value of [undefined, '', '   ']) {
        expect(problemsOf({ ...REQUIRED, [name]: value })).toEqual([expect.stringMatching(`^${name} is required \\(`)]);
      }
    });

    it('lists every malformed value at once and never echoes a secret or key', () => {
      const problems = problemsOf({
        ...REQUIRED,
        DATABASE_URL: 'mysql://db/site',
        PUBLIC_BASE_URL: 'www.stichting.example',
        SMTP_URL: 'http://smtp.example.org',
        MAIL_FROM: 'Stichting <info>',
        STAFF_EMAIL: 'team at stichting',
        STRIPE_SECRET_KEY: 'pk_live_leaked-value',
        STRIPE_WEBHOOK_SECRET: 'leaked-webhook-value',
        DONOR_LINK_SECRET: 'leaked-and-short',
        TURNSTILE_SITE_KEY: 'short',
        TURNSTILE_SECRET_KEY: 'has spaces in it',
      });
      expect(problems).toEqual([
        'DATABASE_URL must be a postgresql:// URL (got "mysql://db/site")',
        'PUBLIC_BASE_URL must be an http(s) URL such as https://www.example.org (got "www.stichting.example")',
        'SMTP_URL must be an smtp:// or smtps:// URL (got "http://smtp.example.org")',
        'MAIL_FROM must be an address such as "Stichting <info@example.org>" (got "Stichting <info>")',
        'STAFF_EMAIL must be an email address (got "team at stichting")',
        'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…) (got "…")',
        'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…) (got "…")',
        'DONOR_LINK_SECRET must be at least 32 characters long (got 16)',
        'TURNSTILE_SITE_KEY must be a Cloudflare Turnstile site key (got "…")',
        'TURNSTILE_SECRET_KEY must be a Cloudflare Turnstile secret key (got "…")',
      ]);
      expect(problems.join('\n')).not.toMatch(/leaked|has spaces/);
    });

    it('accepts the forms an operator may write: postgres://, a bare sender address, a restricted Stripe key', () => {
      const config = loadConfig({
        ...REQUIRED,
        DATABASE_URL: ' postgres://site@db/site ',
        MAIL_FROM: 'info@stichting.example',
        STRIPE_SECRET_KEY: 'rk_test_abc',
      });
      expect(config.database.url).toBe('postgres://site@db/site');
      expect(config.mail.from).toBe('info@stichting.example');
      expect(config.stripe.secretKey).toBe('rk_test_abc');
    });

    it('drops trailing slashes of PUBLIC_BASE_URL, so links in emails have no "//"', () => {
      expect(loadConfig({ ...REQUIRED, PUBLIC_BASE_URL: 'https://www.stichting.example//' }).site.publicBaseUrl).toBe(
        'https://www.stichting.example',
      );
    });
  });

  describe('defaults of the optional variables', () => {
    it('listens on 0.0.0.0:3000, runs the worker, logs at info and asks Cloudflare itself', () => {
      const config = loadConfig(REQUIRED);
      expect(config).toMatchObject({
        nodeEnv: 'development',
        site: { port: 3000, host: '0.0.0.0', trustProxy: false },
        runWorker: true,
        logLevel: 'info',
        stripe: { apiUrl: undefined },
        turnstile: { verifyUrl: TURNSTILE_DEFAULT_VERIFY_URL },
        limits: { postPerMinute: 20, checkoutPerMinute: 10, store: 'postgres' },
        metrics: { port: undefined, host: '127.0.0.1', token: undefined },
        errorReports: { perHour: 300, maxRows: 10_000 },
        mail: {
          retry: { retryDelaySeconds: 30, retryDelayMaxSeconds: 3600, retryLimit: 30 },
          batchSize: 20,
          workerConcurrency: 4,
          poolConnections: 5,
        },
      });
      expect(config.turnstile.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    });

    it('keeps each kind of data for its documented period (docs/privacy.md)', () => {
      expect(loadConfig(REQUIRED).retentionDays).toEqual({
        volunteer: 56,
        contact: 365,
        'help-request': 180,
        errorReports: 90,
        donations: 2922,
      });
    });

    it('treats an empty optional variable as unset', () => {
      const config = loadConfig({
        ...REQUIRED,
        PORT: '',
        HOST: ' ',
        RATE_LIMIT_POST_PER_MINUTE: '',
        RETENTION_DAYS_CONTACT: '',
        STRIPE_API_URL: ' ',
        LOG_LEVEL: '',
      });
      expect(config).toMatchObject({
        site: { port: 3000, host: '0.0.0.0' },
        limits: { postPerMinute: 20 },
        logLevel: 'info',
      });
      expect(config.retentionDays.contact).toBe(365);
      expect(config.stripe.apiUrl).toBeUndefined();
    });

    it('logs at warn under NODE_ENV=test unless LOG_LEVEL says otherwise', () => {
      expect(loadConfig({ ...REQUIRED, NODE_ENV: 'test' }).logLevel).toBe('warn');
      expect(loadConfig({ ...REQUIRED, NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    });

    it('takes every optional number that is set', () => {
      const config = loadConfig({
        ...REQUIRED,
        PORT: '8080',
        RATE_LIMIT_POST_PER_MINUTE: '5',
        CHECKOUT_RATE_LIMIT_PER_MINUTE: '3',
        ERROR_REPORTS_PER_HOUR: '50',
        ERROR_REPORTS_MAX_ROWS: '2000',
        RETENTION_DAYS_VOLUNTEER: '28',
        RETENTION_DAYS_HELP_REQUEST: '90',
        RETENTION_DAYS_ERROR_REPORTS: '30',
        RETENTION_DAYS_DONATIONS: '3000',
        MAIL_BATCH_SIZE: '50',
      });
      expect(config).toMatchObject({
        site: { port: 8080 },
        limits: { postPerMinute: 5, checkoutPerMinute: 3 },
        errorReports: { perHour: 50, maxRows: 2000 },
        retentionDays: { volunteer: 28, 'help-request': 90, errorReports: 30, donations: 3000 },
        mail: { batchSize: 50, workerConcurrency: 4, poolConnections: 5 },
      });
    });

    it('no longer reads the email worker concurrency or SMTP pool size: fixed values (tuning.ts)', () => {
      const config = loadConfig({ ...REQUIRED, MAIL_WORKER_CONCURRENCY: '2', MAIL_POOL_CONNECTIONS: 'lots' });
      expect(config.mail).toMatchObject({
        workerConcurrency: MAIL_THROUGHPUT.workerConcurrency,
        poolConnections: MAIL_THROUGHPUT.poolConnections,
      });
      expect(MAIL_THROUGHPUT).toEqual({ batchSize: 20, workerConcurrency: 4, poolConnections: 5 });
    });
  });

  describe('numbers', () => {
    it.each(['0', '65535', ' 443 '])('accepts PORT=%p', (port) => {
      expect(loadConfig({ ...REQUIRED, PORT: port }).site.port).toBe(Number(port));
    });

    it.each(['65536', '-1', '80.5', 'http', '3000abc'])('refuses PORT=%p, naming the range', (port) => {
      expect(problemsOf({ ...REQUIRED, PORT: port })).toEqual([
        `PORT must be a whole number between 0 and 65535 (got "${port}")`,
      ]);
    });

    it.each([
      'RATE_LIMIT_POST_PER_MINUTE',
      'CHECKOUT_RATE_LIMIT_PER_MINUTE',
      'ERROR_REPORTS_PER_HOUR',
      'ERROR_REPORTS_MAX_ROWS',
      'RETENTION_DAYS_VOLUNTEER',
      'RETENTION_DAYS_CONTACT',
      'RETENTION_DAYS_HELP_REQUEST',
      'RETENTION_DAYS_ERROR_REPORTS',
      'RETENTION_DAYS_DONATIONS',
      'MAIL_RETRY_DELAY_SECONDS',
      'MAIL_RETRY_DELAY_MAX_SECONDS',
      'MAIL_RETRY_LIMIT',
      'MAIL_BATCH_SIZE',
    ])('%s must be a whole number of at least 1', (name) => {
      for (const value of ['0', '-5', '2.5', 'ten']) {
        expect(problemsOf({ ...REQUIRED, [name]: value })).toEqual([
          `${name} must be a positive whole number (got "${value}")`,
        ]);
      }
      expect(problemsOf({ ...REQUIRED, [name]: '1' })).toEqual([]);
    });

    it('reports bad numbers together with missing variables', () => {
      const { DATABASE_URL: _, ...withoutDatabase } = REQUIRED;
      expect(
        problemsOf({ ...withoutDatabase, PORT: '99999', MAIL_BATCH_SIZE: '0', RETENTION_DAYS_CONTACT: 'x' }),
      ).toEqual([
        'PORT must be a whole number between 0 and 65535 (got "99999")',
        'DATABASE_URL is required (a postgresql:// URL)',
        'RETENTION_DAYS_CONTACT must be a positive whole number (got "x")',
        'MAIL_BATCH_SIZE must be a positive whole number (got "0")',
      ]);
    });

    it('refuses a STRIPE_API_URL or TURNSTILE_VERIFY_URL that is not http(s)', () => {
      expect(
        problemsOf({ ...REQUIRED, STRIPE_API_URL: 'localhost:12111', TURNSTILE_VERIFY_URL: 'ftp://x.example/verify' }),
      ).toEqual([
        'STRIPE_API_URL must be an http(s) URL (got "localhost:12111")',
        'TURNSTILE_VERIFY_URL must be an http(s) URL (got "ftp://x.example/verify")',
      ]);
    });
  });

  describe('NODE_ENV', () => {
    it.each(['production', 'development', 'test'] as const)('accepts %p', (nodeEnv) => {
      expect(loadConfig({ ...PRODUCTION, NODE_ENV: nodeEnv }).nodeEnv).toBe(nodeEnv);
    });

    it('is development when unset or empty', () => {
      expect(loadConfig({ ...REQUIRED, NODE_ENV: '' }).nodeEnv).toBe('development');
    });

    // A misspelt "production" used to boot as development, and so without the production refusals below.
    it.each(['Production', 'prod', 'staging'])('refuses %p instead of quietly running as development', (nodeEnv) => {
      expect(problemsOf({ ...REQUIRED, NODE_ENV: nodeEnv })).toEqual([
        `NODE_ENV must be production, development or test (got "${nodeEnv}")`,
      ]);
    });
  });

  describe('refused in production only', () => {
    const production = PRODUCTION;

    it("refuses Cloudflare's always-pass Turnstile test secret, which would let every bot through", () => {
      expect(problemsOf({ ...production, TURNSTILE_SECRET_KEY: TURNSTILE_ALWAYS_PASS_SECRET })).toEqual([
        "TURNSTILE_SECRET_KEY is Cloudflare's always-pass test secret, which is refused in production",
      ]);
      expect(problemsOf({ ...REQUIRED, NODE_ENV: 'test', TURNSTILE_SECRET_KEY: TURNSTILE_ALWAYS_PASS_SECRET })).toEqual(
        [],
      );
      expect(problemsOf({ ...REQUIRED, TURNSTILE_SECRET_KEY: TURNSTILE_ALWAYS_PASS_SECRET })).toEqual([]);
    });

    it('refuses a live Stripe key sent to another API address (STRIPE_API_URL)', () => {
      const stub = { STRIPE_API_URL: 'http://127.0.0.1:12111' };
      expect(problemsOf({ ...production, ...stub })).toEqual([
        'STRIPE_API_URL must not be set together with a live Stripe key',
      ]);
      expect(problemsOf({ ...production, ...stub, STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([]);
      expect(problemsOf({ ...REQUIRED, ...stub })).toEqual([]);
    });

    it('refuses an email retry schedule that gives up within 24 hours, with the span it gives', () => {
      const short = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_DELAY_MAX_SECONDS: '60', MAIL_RETRY_LIMIT: '5' };
      // The schedule is fixed (mail-retry-policy.ts); its variables are test-only, so production names each one too.
      const testOnly = (name: string): string =>
        `${name} is a test-only shortening of the email retry schedule (config/mail-retry-policy.ts): unset it`;
      expect(problemsOf({ ...production, ...short })).toEqual([
        testOnly('MAIL_RETRY_DELAY_SECONDS'),
        testOnly('MAIL_RETRY_DELAY_MAX_SECONDS'),
        testOnly('MAIL_RETRY_LIMIT'),
        'MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_DELAY_MAX_SECONDS and MAIL_RETRY_LIMIT must keep retrying for at least 24 hours (they give 0.0 h)',
      ]);
      // One retry fewer than the default: the last attempt comes about 23.1 h after the first.
      expect(problemsOf({ ...production, MAIL_RETRY_LIMIT: '29' })).toEqual([
        testOnly('MAIL_RETRY_LIMIT'),
        expect.stringMatching(/at least 24 hours \(they give 23\.\d h\)$/),
      ]);
      expect(problemsOf({ ...production, MAIL_RETRY_LIMIT: '30' })).toEqual([testOnly('MAIL_RETRY_LIMIT')]);
      expect(retrySpanSeconds(loadConfig(production).mail.retry).min).toBeGreaterThanOrEqual(MIN_RETRY_SPAN_SECONDS);
      expect(loadConfig({ ...REQUIRED, NODE_ENV: 'test', ...short }).mail.retry).toEqual({
        retryDelaySeconds: 1,
        retryDelayMaxSeconds: 60,
        retryLimit: 5,
      });
    });

    it('boots in production with the defaults', () => {
      expect(loadConfig(production).nodeEnv).toBe('production');
    });

    describe('the stand-ins of tests (STRIPE_API_URL, TURNSTILE_VERIFY_URL)', () => {
      const stripeRefusal =
        "STRIPE_API_URL is a stand-in for Stripe's API, for tests only: unset it in production (a stand-in on this machine (127.0.0.1, ::1 or localhost) is accepted, to test the production build)";
      const turnstileRefusal =
        "TURNSTILE_VERIFY_URL is a stand-in for Cloudflare's siteverify, for tests only: unset it in production (a stand-in on this machine (127.0.0.1, ::1 or localhost) is accepted, to test the production build)";
      const testKey = { STRIPE_SECRET_KEY: 'sk_test_abc' };

      it('refuses a stand-in elsewhere than on this machine, naming the variable', () => {
        expect(problemsOf({ ...production, ...testKey, STRIPE_API_URL: 'http://stripe-mock.internal:12111' })).toEqual([
          stripeRefusal,
        ]);
        expect(problemsOf({ ...production, TURNSTILE_VERIFY_URL: 'https://verify.example.org/siteverify' })).toEqual([
          turnstileRefusal,
        ]);
        expect(() => loadConfig({ ...production, TURNSTILE_VERIFY_URL: 'http://turnstile:8080/siteverify' })).toThrow(
          /TURNSTILE_VERIFY_URL is a stand-in for Cloudflare's siteverify, for tests only/,
        );
      });

      it('refuses both at once, and a live key with any stand-in', () => {
        expect(
          problemsOf({
            ...production,
            STRIPE_API_URL: 'http://stripe:8080',
            TURNSTILE_VERIFY_URL: 'http://turnstile:8080/siteverify',
          }),
        ).toEqual([stripeRefusal, turnstileRefusal, 'STRIPE_API_URL must not be set together with a live Stripe key']);
      });

      it.each(['http://127.0.0.1:12111', 'http://localhost:9/x', 'http://[::1]:8080', 'http://127.1.2.3'])(
        'accepts a stand-in on this machine (%s), where only a test harness answers',
        (url) => {
          expect(problemsOf({ ...production, ...testKey, STRIPE_API_URL: url, TURNSTILE_VERIFY_URL: url })).toEqual([]);
        },
      );

      it('accepts any stand-in outside production', () => {
        const standIns = { STRIPE_API_URL: 'http://stripe:8080', TURNSTILE_VERIFY_URL: 'http://turnstile:8080/v' };
        expect(problemsOf({ ...REQUIRED, ...standIns })).toEqual([]);
        expect(problemsOf({ ...REQUIRED, NODE_ENV: 'test', ...standIns })).toEqual([]);
      });
    });

    it('refuses the values only tests may shorten, each by name', () => {
      expect(
        problemsOf({ ...production, HTTP_MAX_CONNECTIONS: '6', ERROR_REPORTS_PER_HOUR: '4', MAIL_BATCH_SIZE: '1' }),
      ).toEqual([
        'ERROR_REPORTS_PER_HOUR is a test-only shortening of a fixed cap (config/tuning.ts): unset it',
        'HTTP_MAX_CONNECTIONS is a test-only lowering of a fixed limit (config/tuning.ts): unset it',
        'MAIL_BATCH_SIZE is a test-only change of a fixed value (config/tuning.ts): unset it',
      ]);
      expect(problemsOf({ ...production, HTTP_MAX_CONNECTIONS: '', ERROR_REPORTS_PER_HOUR: '' })).toEqual([]);
      expect(loadConfig(production)).toMatchObject({
        http: { ...HTTP_LIMITS, keepAliveTimeoutMs: 5000 },
        errorReports: ERROR_REPORT_CAPS,
      });
    });
  });

  describe('Stripe: the donation product and the webhook API version', () => {
    it('uses one product for every gift: monthly_donation unless STRIPE_DONATION_PRODUCT_ID names another', () => {
      expect(loadConfig(REQUIRED).stripe.donationProductId).toBe(DEFAULT_DONATION_PRODUCT_ID);
      expect(DEFAULT_DONATION_PRODUCT_ID).toBe('monthly_donation');
      expect(loadConfig({ ...REQUIRED, STRIPE_DONATION_PRODUCT_ID: ' prod_Q1w2E3 ' }).stripe.donationProductId).toBe(
        'prod_Q1w2E3',
      );
      expect(problemsOf({ ...REQUIRED, STRIPE_DONATION_PRODUCT_ID: 'monthly gift/€' })).toEqual([
        'STRIPE_DONATION_PRODUCT_ID must be a Stripe product id of letters, digits, _ and - (got "monthly gift/€")',
      ]);
    });

    it('starts when STRIPE_WEBHOOK_API_VERSION is unset or the version this build reads, and refuses any other', () => {
      expect(problemsOf({ ...REQUIRED, STRIPE_WEBHOOK_API_VERSION: STRIPE_API_VERSION })).toEqual([]);
      expect(problemsOf({ ...REQUIRED, STRIPE_WEBHOOK_API_VERSION: '' })).toEqual([]);
      expect(problemsOf({ ...REQUIRED, STRIPE_WEBHOOK_API_VERSION: '2025-03-31.basil' })).toEqual([
        `STRIPE_WEBHOOK_API_VERSION is 2025-03-31.basil, but this build reads Stripe events of API version ${STRIPE_API_VERSION} only: ` +
          `set the webhook endpoint (and the account's default API version) to ${STRIPE_API_VERSION} in the Stripe Dashboard, then this variable to the same`,
      ]);
    });

    it('gives a staff command the Stripe key only when it asks for it, checked like the web app does', () => {
      const staff = { DATABASE_URL: REQUIRED.DATABASE_URL };
      expect(loadCommandConfig(staff).stripe).toBeUndefined();
      expect(() => loadCommandConfig(staff, { withStripe: true })).toThrow(
        /STRIPE_SECRET_KEY is required \(a Stripe secret key/,
      );
      const config = loadCommandConfig(
        { ...staff, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' },
        { withStripe: true },
      );
      expect(config.stripe).toEqual({
        secretKey: 'sk_test_abc',
        apiUrl: 'http://127.0.0.1:12111',
        donationProductId: DEFAULT_DONATION_PRODUCT_ID,
      });
      expect(() =>
        loadCommandConfig(
          { ...staff, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' },
          { withStripe: true },
        ),
      ).toThrow('STRIPE_API_URL must not be set together with a live Stripe key');
    });
  });

  describe('RATE_LIMIT_STORE', () => {
    it.each([
      [undefined, 'postgres'],
      ['', 'postgres'],
      ['postgres', 'postgres'],
      [' Memory ', 'memory'],
    ])('reads %p as %p', (value, store) => {
      expect(loadConfig({ ...REQUIRED, RATE_LIMIT_STORE: value }).limits.store).toBe(store);
    });

    it.each(['redis', 'pg', 'true'])(
      'refuses %p: counting somewhere unexpected would leave the site unlimited',
      (value) => {
        expect(problemsOf({ ...REQUIRED, RATE_LIMIT_STORE: value })).toEqual([
          `RATE_LIMIT_STORE must be postgres or memory (got "${value}")`,
        ]);
      },
    );
  });

  describe('METRICS_PORT, METRICS_HOST, METRICS_TOKEN', () => {
    const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

    it('serves metrics on their own port, on loopback unless told otherwise, with the token when one is set', () => {
      expect(loadConfig({ ...REQUIRED, METRICS_PORT: '9464' }).metrics).toEqual({
        port: 9464,
        host: '127.0.0.1',
        token: undefined,
      });
      expect(
        loadConfig({ ...REQUIRED, METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: ` ${TOKEN} ` })
          .metrics,
      ).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
      expect(loadConfig({ ...REQUIRED, METRICS_PORT: '0', METRICS_HOST: '::1' }).metrics.port).toBe(0);
    });

    it.each(['65536', '-1', '9464.5', 'on'])('refuses METRICS_PORT=%p', (value) => {
      expect(problemsOf({ ...REQUIRED, METRICS_PORT: value })).toEqual([
        `METRICS_PORT must be a whole number between 0 and 65535 (got "${value}")`,
      ]);
    });

    it("refuses the site's own port: metrics are never served where visitors connect", () => {
      expect(problemsOf({ ...REQUIRED, PORT: '8080', METRICS_PORT: '8080' })).toEqual([
        "METRICS_PORT must differ from PORT: metrics are never served on the site's own port",
      ]);
    });

    it('refuses a host name or a malformed address for METRICS_HOST', () => {
      expect(problemsOf({ ...REQUIRED, METRICS_PORT: '9464', METRICS_HOST: 'metrics.internal' })).toEqual([
        'METRICS_HOST must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0 (got "metrics.internal")',
      ]);
    });

    it.each(['short-token', 'has a space in it 1234', 'x'.repeat(257), 'quote"d-token-1234567'])(
      'refuses METRICS_TOKEN=%p without echoing it',
      (value) => {
        const problems = problemsOf({ ...REQUIRED, METRICS_PORT: '9464', METRICS_TOKEN: value });
        expect(problems).toEqual([
          'METRICS_TOKEN must be 16 to 256 characters without spaces or quotes (e.g. `openssl rand -hex 32`)',
        ]);
        expect(problems.join('\n')).not.toContain(value);
      },
    );
  });

  describe('RUN_WORKER', () => {
    it.each([
      [undefined, true],
      ['', true],
      ['true', true],
      ['TRUE', true],
      ['false', false],
      [' False ', false],
    ])('reads %p as %p', (value, runWorker) => {
      expect(loadConfig({ ...REQUIRED, RUN_WORKER: value }).runWorker).toBe(runWorker);
    });

    // Anything else used to mean true: RUN_WORKER=0 or "no" ran the email worker in every web process.
    it.each(['0', 'no', 'flase', 'off'])('refuses %p instead of guessing', (value) => {
      expect(problemsOf({ ...REQUIRED, RUN_WORKER: value })).toEqual([
        `RUN_WORKER must be true or false (got "${value}")`,
      ]);
    });
  });

  describe('donor links and the customer portal', () => {
    it('requires DONOR_LINK_SECRET in production, of at least 32 characters', () => {
      const production = { ...PRODUCTION, DONOR_LINK_SECRET: undefined };
      expect(problemsOf(production)).toEqual([
        'DONOR_LINK_SECRET is required in production (32 or more random characters, e.g. from `openssl rand -hex 32`)',
      ]);
      expect(problemsOf({ ...production, DONOR_LINK_SECRET: 'short-secret' })).toEqual([
        'DONOR_LINK_SECRET must be at least 32 characters long (got 12)',
      ]);
      const secret = 'f'.repeat(64);
      expect(loadConfig({ ...production, DONOR_LINK_SECRET: ` ${secret} ` }).donorLinks).toEqual({
        secret,
        generated: undefined,
      });
    });

    // It used to be an HMAC of STRIPE_WEBHOOK_SECRET, whose compose default was public: anyone could sign links.
    it('outside production without one, signs with a random secret of this process, never one derived from another', () => {
      const webhookSecret = generated('whsec_');
      const config = loadConfig({ ...REQUIRED, STRIPE_WEBHOOK_SECRET: webhookSecret });
      expect(config.donorLinks.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(config.donorLinks.generated).toBe('DONOR_LINK_SECRET is unset');
      for (const source of [webhookSecret, 'whsec_replace_me', 'development', '']) {
        const derived = createHmac('sha256', source).update('donor-link').digest('hex');
        expect(config.donorLinks.secret).not.toBe(derived);
      }
      // The same for the whole process (web and its jobs sign alike), whatever the webhook secret.
      expect(loadConfig(REQUIRED).donorLinks.secret).toBe(config.donorLinks.secret);
      // Another process has another one.
      let other = '';
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        other = (require('./app-config') as typeof import('./app-config')).loadConfig(REQUIRED).donorLinks.secret;
      });
      expect(other).toMatch(/^[0-9a-f]{64}$/);
      expect(other).not.toBe(config.donorLinks.secret);
    });

    it.each(['test', 'development'])(
      'in %s, ignores a published placeholder and signs with a random secret',
      (mode) => {
        for (const placeholder of [
          'replace-with-64-hex-characters-from-openssl-rand-hex-32',
          'example-donor-link-secret-0123456789abcdef',
        ]) {
          const { donorLinks } = loadConfig({ ...REQUIRED, NODE_ENV: mode, DONOR_LINK_SECRET: placeholder });
          expect(donorLinks.secret).not.toBe(placeholder);
          expect(donorLinks.generated).toBe('DONOR_LINK_SECRET is a published placeholder');
        }
      },
    );

    it('reads STRIPE_PORTAL_CONFIGURATION_ID, a bpc_ id, and leaves it unset by default', () => {
      expect(loadConfig(REQUIRED).stripe.portalConfigurationId).toBeUndefined();
      expect(loadConfig({ ...REQUIRED, STRIPE_PORTAL_CONFIGURATION_ID: 'bpc_1Abc' }).stripe.portalConfigurationId).toBe(
        'bpc_1Abc',
      );
      expect(problemsOf({ ...REQUIRED, STRIPE_PORTAL_CONFIGURATION_ID: 'portal-1' })).toEqual([
        'STRIPE_PORTAL_CONFIGURATION_ID must be a customer-portal configuration id (bpc_…) (got "portal-1")',
      ]);
    });
  });
  describe('the webhook signing secret and other published values (docs/stripe-setup.md §1)', () => {
    const COMPOSE_DEFAULT_BEFORE = 'whsec_replace_me';

    it('turns the webhook off, in any mode but production, when STRIPE_WEBHOOK_SECRET is unset or blank', () => {
      for (const value of [undefined, '', '  ']) {
        const { stripe } = loadConfig({ ...REQUIRED, STRIPE_WEBHOOK_SECRET: value });
        expect(stripe.webhookSecret).toBeUndefined();
        expect(stripe.webhookOff).toBe('STRIPE_WEBHOOK_SECRET is unset');
      }
    });

    it.each(['development', 'test'])(
      'in %s, turns the webhook off for a published placeholder instead of verifying signatures with it',
      (mode) => {
        for (const placeholder of [
          ...PUBLISHED_PLACEHOLDERS.filter((value) => value.startsWith('whsec_')),
          'whsec_change_me',
          'whsec_CHANGEME',
          'whsec_example_0123456789',
          'whsec_replace-me-please',
        ]) {
          const { stripe } = loadConfig({ ...REQUIRED, NODE_ENV: mode, STRIPE_WEBHOOK_SECRET: placeholder });
          expect({ placeholder, secret: stripe.webhookSecret }).toEqual({ placeholder, secret: undefined });
          expect(stripe.webhookOff).toMatch(/^STRIPE_WEBHOOK_SECRET is a placeholder/);
        }
      },
    );

    it('keeps the webhook on with a signing secret of its own, and says which in the start-up line', () => {
      const secret = generated('whsec_');
      const config = loadConfig({ ...REQUIRED, STRIPE_WEBHOOK_SECRET: ` ${secret} ` });
      expect(config.stripe).toMatchObject({ webhookSecret: secret, webhookOff: undefined });
      expect(describeConfig(config).stripeWebhook).toBe('on');
      expect(describeConfig(loadConfig(REQUIRED)).stripeWebhook).toBe('off: STRIPE_WEBHOOK_SECRET is unset');
    });

    it('refuses in production an unset webhook secret and the placeholders the templates shipped, naming each', () => {
      expect(problemsOf(PRODUCTION)).toEqual([]);
      expect(problemsOf({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: undefined })).toEqual([
        'STRIPE_WEBHOOK_SECRET is required in production: the signing secret (whsec_…) of the webhook endpoint, from the Stripe Dashboard (docs/stripe-setup.md §2)',
      ]);
      const problems = problemsOf({
        ...PRODUCTION,
        STRIPE_WEBHOOK_SECRET: COMPOSE_DEFAULT_BEFORE,
        DONOR_LINK_SECRET: 'replace-with-64-hex-characters-from-openssl-rand-hex-32',
        METRICS_TOKEN: 'change_me_metrics_token_0123',
      });
      expect(problems).toEqual([
        "STRIPE_WEBHOOK_SECRET is a placeholder published with the code, which anyone can read: set the endpoint's own signing secret from the Stripe Dashboard",
        'DONOR_LINK_SECRET is a placeholder published with the code, which anyone can read: set a value of its own from `openssl rand -hex 32`',
        'METRICS_TOKEN is a placeholder published with the code, which anyone can read: set a value of its own from `openssl rand -hex 32`',
      ]);
      for (const placeholder of PUBLISHED_PLACEHOLDERS) {
        const name = placeholder.startsWith('whsec_') ? 'STRIPE_WEBHOOK_SECRET' : 'DONOR_LINK_SECRET';
        expect(problemsOf({ ...PRODUCTION, [name]: placeholder })).toEqual([
          expect.stringMatching(`^${name} is a placeholder published with the code`),
        ]);
      }
    });

    it('refuses in production a webhook secret too short to come from Stripe', () => {
      expect(problemsOf({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: 'whsec_bench' })).toEqual([
        "STRIPE_WEBHOOK_SECRET is too short to be a signing secret from Stripe (at least 30 characters): set the endpoint's own signing secret from the Stripe Dashboard",
      ]);
      expect(problemsOf({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: generated('whsec_') })).toEqual([]);
    });

    it('refuses in production one value for two secrets, naming both', () => {
      const shared = generated('whsec_');
      expect(problemsOf({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: shared, DONOR_LINK_SECRET: shared })).toEqual([
        'STRIPE_WEBHOOK_SECRET and DONOR_LINK_SECRET have the same value: each secret must be its own (e.g. `openssl rand -hex 32` for each)',
      ]);
      const token = generated();
      expect(
        problemsOf({ ...PRODUCTION, DONOR_LINK_SECRET: token, METRICS_TOKEN: ` ${token} `, METRICS_PORT: '9464' }),
      ).toEqual([
        'DONOR_LINK_SECRET and METRICS_TOKEN have the same value: each secret must be its own (e.g. `openssl rand -hex 32` for each)',
      ]);
      expect(problemsOf({ ...REQUIRED, STRIPE_WEBHOOK_SECRET: shared, DONOR_LINK_SECRET: shared.slice(6) })).toEqual(
        [],
      );
    });

    it('refuses in production a metrics port reachable from other machines without METRICS_TOKEN', () => {
      const open = { ...PRODUCTION, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' };
      expect(problemsOf(open)).toEqual([
        'METRICS_HOST is 0.0.0.0, reachable from other machines: set METRICS_TOKEN too in production (`openssl rand -hex 32`), or keep METRICS_HOST on 127.0.0.1',
      ]);
      expect(problemsOf({ ...open, METRICS_HOST: '10.0.0.7' })).toHaveLength(1);
      expect(problemsOf({ ...open, METRICS_TOKEN: generated() })).toEqual([]);
      for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
        expect(problemsOf({ ...open, METRICS_HOST: host })).toEqual([]);
      }
      expect(problemsOf({ ...PRODUCTION, METRICS_HOST: '0.0.0.0' })).toEqual([]); // no port: nothing listens
      expect(problemsOf({ ...open, NODE_ENV: 'development' })).toEqual([]);
    });
  });

  describe('connection pools (docs/architecture.md §5.4)', () => {
    it('gives a web or worker process Prisma 10 and pg-boss 4 connections, 14 at most', () => {
      expect(loadConfig(REQUIRED).database).toEqual({
        url: 'postgresql://site@db.internal:5432/site',
        poolSize: 10,
        queuePoolSize: 4,
      });
    });
  });
});

/** A staff command (cli/cli-runner.ts) reads DATABASE_URL and the retention periods, and nothing else. */
describe('configuration of a staff command', () => {
  it('needs only DATABASE_URL, and holds the database with small pools and the retention periods, nothing more', () => {
    const config = loadCommandConfig({ DATABASE_URL: 'postgresql://site@db.internal:5432/site' });
    expect(config).toEqual({
      database: { url: 'postgresql://site@db.internal:5432/site', poolSize: 2, queuePoolSize: 2 },
      retentionDays: { volunteer: 56, contact: 365, 'help-request': 180, errorReports: 90, donations: 2922 },
    });
  });

  it('takes the retention periods from RETENTION_DAYS_* and ignores the web variables', () => {
    const config = loadCommandConfig({ ...REQUIRED, RETENTION_DAYS_CONTACT: '30', SMTP_URL: 'not a url' });
    expect(config.retentionDays.contact).toBe(30);
  });

  it('names a missing DATABASE_URL and a bad period together', () => {
    expect(() => loadCommandConfig({ RETENTION_DAYS_VOLUNTEER: '0' })).toThrow(
      new ConfigError([
        'DATABASE_URL is required (a postgresql:// URL)',
        'RETENTION_DAYS_VOLUNTEER must be a positive whole number (got "0")',
      ]),
    );
  });
  describe('the start-up log line of the effective configuration', () => {
    const env: Env = {
      ...REQUIRED,
      DATABASE_URL: 'postgresql://site:db-password-1@db.internal:5432/site',
      SMTP_URL: 'smtps://mailer:smtp-password-2@smtp.example.org:465',
      STRIPE_SECRET_KEY: 'sk_live_stripesecret3',
      STRIPE_WEBHOOK_SECRET: `whsec_webhooksecret4${randomBytes(8).toString('hex')}`,
      TURNSTILE_SECRET_KEY: '0x4AAAAturnstilesecret5',
      RETENTION_DAYS_CONTACT: '400',
      LOG_LEVEL: 'debug',
    };

    it('shows what the process uses, defaults included, so a setting that did not arrive is visible', () => {
      const line = describeConfig(loadConfig(env));
      expect(line).toMatchObject({
        database: 'postgresql://db.internal:5432/site',
        smtp: 'smtps://smtp.example.org:465',
        stripe: 'live',
        turnstile: 'own keys',
        logLevel: 'debug',
        rateLimits: { postPerMinute: 20, checkoutPerMinute: 10 },
        retentionDays: { volunteer: 56, contact: 400, 'help-request': 180, errorReports: 90, donations: 2922 },
      });
      expect(
        describeConfig(loadConfig({ ...REQUIRED, TURNSTILE_SECRET_KEY: TURNSTILE_ALWAYS_PASS_SECRET })),
      ).toMatchObject({ stripe: 'live', turnstile: 'always-pass test keys' });
    });

    it('never prints a password, key or secret', () => {
      const printed = JSON.stringify(describeConfig(loadConfig(env)));
      expect(printed).not.toMatch(/password|stripesecret|webhooksecret|turnstilesecret|0x4AAAAAAAsitekey/);
    });
  });
});

/** A foundation's own facts: every example field replaced, the numbers valid. */
const REAL: FoundationFacts = {
  ...EXAMPLE_FACTS,
  kvk: '41198630',
  rsin: '111222333',
  iban: 'NL91 ABNA 0417 1643 00',
  bic: 'ABNANL2A',
  address: { ...EXAMPLE_FACTS.address, street: 'Kanaalweg 12', postalCode: '1782 BG' },
  emails: { nl: 'info@samenverder.nl', other: 'contact@samenverder.nl' },
  social: {
    linkedin: 'https://www.linkedin.com/company/samenverder',
    x: 'https://x.com/samenverder',
    facebook: 'https://www.facebook.com/samenverder',
    instagram: 'https://www.instagram.com/samenverder',
  },
  documents: {
    privacy: {
      nl: 'https://samenverder.nl/p.pdf',
      en: 'https://samenverder.nl/p-en.pdf',
      es: 'https://samenverder.nl/p-es.pdf',
    },
    terms: {
      nl: 'https://samenverder.nl/t.pdf',
      en: 'https://samenverder.nl/t-en.pdf',
      es: 'https://samenverder.nl/t-es.pdf',
    },
    policyPlan: {
      nl: 'https://samenverder.nl/b.pdf',
      en: 'https://samenverder.nl/b-en.pdf',
      es: 'https://samenverder.nl/b-es.pdf',
    },
  },
  builderCredit: { name: 'Webwerk Den Helder', url: 'https://webwerk.nl/' },
};

describe("the foundation's facts at start (foundation.json, built in)", () => {
  it('production refuses the shipped examples with one message naming every example field', () => {
    const problems = problemsOf(PRODUCTION, EXAMPLE_FACTS);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^The foundation's facts are still the shipped examples: kvk, rsin, iban, bic, /);
    for (const field of EXAMPLE_FIELDS) expect(problems[0]).toContain(field);
    expect(() => loadConfig(PRODUCTION, { facts: EXAMPLE_FACTS })).toThrow(/foundation\.json/);
  });

  it('production names only the fields still left as examples', () => {
    const [problem] = problemsOf(PRODUCTION, { ...REAL, rsin: EXAMPLE_FACTS.rsin, documents: EXAMPLE_FACTS.documents });
    const named = problem
      .replace(/^.*examples: /, '')
      .replace(/\. Write.*$/, '')
      .split(', ');
    expect(named).toEqual(['rsin', ...EXAMPLE_FIELDS.filter((field) => field.startsWith('documents.'))]);
  });

  it("production starts with the foundation's own facts", () => {
    expect(problemsOf(PRODUCTION, REAL)).toEqual([]);
  });

  it("development and tests start with the examples (the pages carry an 'example data' ribbon instead)", () => {
    expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'development' }, EXAMPLE_FACTS)).toEqual([]);
    expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'test' }, EXAMPLE_FACTS)).toEqual([]);
  });

  it("a production build served at this machine's own address (its tests) may keep the examples", () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:8080', 'http://[::1]:3000']) {
      expect(problemsOf({ ...PRODUCTION, PUBLIC_BASE_URL: url }, EXAMPLE_FACTS)).toEqual([]);
    }
  });

  it('a fact failing its check stops the start in any mode, joined with the other problems', () => {
    const bad = { ...REAL, iban: 'NL91 ABNA 0417 1643 01', kvk: '1234567' };
    expect(problemsOf({ ...PRODUCTION, NODE_ENV: 'development', STAFF_EMAIL: 'nobody' }, bad)).toEqual([
      expect.stringContaining('STAFF_EMAIL'),
      'foundation.json kvk: "1234567" is not a KvK number (eight digits)',
      'foundation.json iban: "NL91 ABNA 0417 1643 01" is not an IBAN (its check digits are wrong, or its length is)',
    ]);
  });
});
