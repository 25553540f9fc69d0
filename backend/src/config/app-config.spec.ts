import {
  ConfigError,
  describeConfig,
  loadConfig,
  TURNSTILE_ALWAYS_PASS_SECRET,
  TURNSTILE_DEFAULT_VERIFY_URL,
  type Env,
} from './app-config';

/** Every required variable, valid, and nothing optional: what an operator must set at the least. */
const REQUIRED: Env = {
  DATABASE_URL: 'postgresql://site@db.internal:5432/site',
  PUBLIC_BASE_URL: 'https://www.stichting.example',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  MAIL_FROM: 'Stichting Voorbeeld <info@stichting.example>',
  STAFF_EMAIL: 'team@stichting.example',
  STRIPE_SECRET_KEY: 'sk_live_51abcDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAsitekey',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecretkey',
};

/** The problems the operator is shown at boot for this environment; [] when it boots. */
function problemsOf(env: Env): string[] {
  try {
    loadConfig(env);
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
      expect(config.databaseUrl).toBe('postgres://site@db/site');
      expect(config.mailFrom).toBe('info@stichting.example');
      expect(config.stripeSecretKey).toBe('rk_test_abc');
    });

    it('drops trailing slashes of PUBLIC_BASE_URL, so links in emails have no "//"', () => {
      expect(loadConfig({ ...REQUIRED, PUBLIC_BASE_URL: 'https://www.stichting.example//' }).publicBaseUrl).toBe(
        'https://www.stichting.example',
      );
    });
  });

  describe('defaults of the optional variables', () => {
    it('listens on 0.0.0.0:3000, runs the worker, logs at info and asks Cloudflare itself', () => {
      const config = loadConfig(REQUIRED);
      expect(config).toMatchObject({
        nodeEnv: 'development',
        port: 3000,
        host: '0.0.0.0',
        runWorker: true,
        logLevel: 'info',
        trustProxy: false,
        stripeApiUrl: undefined,
        turnstileVerifyUrl: TURNSTILE_DEFAULT_VERIFY_URL,
        postRateLimitPerMinute: 20,
        checkoutRateLimitPerMinute: 10,
        errorReports: { perHour: 300, maxRows: 10_000 },
        mail: {
          retry: { retryDelaySeconds: 30, retryDelayMaxSeconds: 3600, retryLimit: 30 },
          batchSize: 20,
          workerConcurrency: 4,
          poolConnections: 5,
        },
      });
      expect(config.turnstileVerifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
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
      expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', postRateLimitPerMinute: 20, logLevel: 'info' });
      expect(config.retentionDays.contact).toBe(365);
      expect(config.stripeApiUrl).toBeUndefined();
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
        MAIL_WORKER_CONCURRENCY: '2',
        MAIL_POOL_CONNECTIONS: '1',
      });
      expect(config).toMatchObject({
        port: 8080,
        postRateLimitPerMinute: 5,
        checkoutRateLimitPerMinute: 3,
        errorReports: { perHour: 50, maxRows: 2000 },
        retentionDays: { volunteer: 28, 'help-request': 90, errorReports: 30, donations: 3000 },
        mail: { batchSize: 50, workerConcurrency: 2, poolConnections: 1 },
      });
    });
  });

  describe('numbers', () => {
    it.each(['0', '65535', ' 443 '])('accepts PORT=%p', (port) => {
      expect(loadConfig({ ...REQUIRED, PORT: port }).port).toBe(Number(port));
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
      'MAIL_WORKER_CONCURRENCY',
      'MAIL_POOL_CONNECTIONS',
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
      expect(loadConfig({ ...REQUIRED, NODE_ENV: nodeEnv }).nodeEnv).toBe(nodeEnv);
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
    const production = { ...REQUIRED, NODE_ENV: 'production' };

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
      expect(problemsOf({ ...production, ...short })).toEqual([
        'MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_DELAY_MAX_SECONDS and MAIL_RETRY_LIMIT must keep retrying for at least 24 hours (they give 0.0 h)',
      ]);
      // One retry fewer than the default: the last attempt comes about 23.1 h after the first.
      expect(problemsOf({ ...production, MAIL_RETRY_LIMIT: '29' })).toEqual([
        expect.stringMatching(/at least 24 hours \(they give 23\.\d h\)$/),
      ]);
      expect(problemsOf({ ...production, MAIL_RETRY_LIMIT: '30' })).toEqual([]);
      expect(loadConfig({ ...REQUIRED, NODE_ENV: 'test', ...short }).mail.retry).toEqual({
        retryDelaySeconds: 1,
        retryDelayMaxSeconds: 60,
        retryLimit: 5,
      });
    });

    it('boots in production with the defaults', () => {
      expect(loadConfig(production).nodeEnv).toBe('production');
    });
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

  describe('the start-up log line of the effective configuration', () => {
    const env: Env = {
      ...REQUIRED,
      DATABASE_URL: 'postgresql://site:db-password-1@db.internal:5432/site',
      SMTP_URL: 'smtps://mailer:smtp-password-2@smtp.example.org:465',
      STRIPE_SECRET_KEY: 'sk_live_stripesecret3',
      STRIPE_WEBHOOK_SECRET: 'whsec_webhooksecret4',
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
