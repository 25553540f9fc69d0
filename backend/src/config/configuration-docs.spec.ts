import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  describeConfig,
  type Env,
  loadCommandConfig,
  loadConfig,
  loadPageBuildConfig,
  readDatabaseUrl,
} from './app-config';
import { ALL_SETTINGS, COMPOSE_SETTINGS, SETTINGS, type SettingSpec, settingsReadBy } from './settings';
import { generatedFiles } from './settings-files';
import { FORMER_SETTINGS } from './tuning';

/**
 * One table of settings (settings.ts, docs/architecture.md §7.2) and the places that must agree with it: the
 * variables the code reads, docs/configuration.md, .env.example, what the compose files pass to the app, the
 * Kubernetes ConfigMap and Secret template, and the start-up log line. A variable missing from one of them is a
 * setting an operator cannot find, or one that silently does nothing under compose.
 */
const ROOT = join(__dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

const VALID: Env = {
  DATABASE_URL: 'postgresql://site@db.internal:5432/site',
  PUBLIC_BASE_URL: 'https://www.stichting.example',
  SMTP_URL: 'smtp://smtp.example.org:587',
  MAIL_FROM: 'Stichting <info@stichting.example>',
  STAFF_EMAIL: 'team@stichting.example',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  TURNSTILE_SITE_KEY: 'site-key-123',
  TURNSTILE_SECRET_KEY: 'secret-key-123',
};

/** The variable names `load` looks up, found by running it on an environment that records reads. */
function namesRead(load: (env: Env) => unknown): string[] {
  const seen = new Set<string>();
  const recording = new Proxy(VALID, {
    get(target, name) {
      if (typeof name === 'string') seen.add(name);
      return typeof name === 'string' ? target[name] : undefined;
    },
  });
  load(recording);
  return [...seen].sort();
}

const sorted = (names: Iterable<string>): string[] => [...names].sort();
const APP_SETTINGS = Object.keys(SETTINGS);

describe('the table of settings is what the code reads', () => {
  it('the web process and the worker read every setting of the table, and nothing else', () => {
    expect(namesRead(loadConfig)).toEqual(sorted(APP_SETTINGS));
    expect(sorted(settingsReadBy('web'))).toEqual(sorted(APP_SETTINGS));
    expect(sorted(settingsReadBy('worker'))).toEqual(sorted(APP_SETTINGS));
  });

  it('the staff commands and the build read what the table says they do', () => {
    const commands = new Set([
      ...namesRead((env) => loadCommandConfig(env, { withStripe: true, withSignatory: true })),
      ...namesRead((env) => readDatabaseUrl(env, [])),
    ]);
    expect(sorted(commands)).toEqual(sorted(settingsReadBy('commands')));
    expect(namesRead(loadPageBuildConfig)).toEqual(sorted(settingsReadBy('build')));
    expect(sorted(settingsReadBy('compose'))).toEqual(sorted(Object.keys(COMPOSE_SETTINGS)));
  });

  it('describes each setting in one line, and lists a former setting only among the removed ones', () => {
    const withoutDescription = Object.entries(ALL_SETTINGS).filter(
      ([, spec]) => !/^[^\n]{10,}$/.test(spec.description),
    );
    expect(withoutDescription.map(([name]) => name)).toEqual([]);
    expect(Object.entries(ALL_SETTINGS).filter(([, spec]) => spec.readBy.length === 0)).toEqual([]);
    const removed = FORMER_SETTINGS.filter((former) => !former.testOnly).map((former) => former.variable);
    expect(removed.filter((name) => name in ALL_SETTINGS)).toEqual([]);
    for (const former of FORMER_SETTINGS.filter((f) => f.testOnly)) {
      expect((ALL_SETTINGS[former.variable] as SettingSpec | undefined)?.testOnly).toBeDefined();
    }
  });
});

describe('the files generated from the table are up to date (else: npm run settings:docs)', () => {
  it.each(generatedFiles(read).map(({ path, text }) => [path, text]))('%s', (path, text) => {
    expect(read(path)).toBe(text);
  });
});

/** Names in backticks in the first column of docs/configuration.md's tables, before "Removed settings". */
function variablesInDocs(): Set<string> {
  const current = read('docs/configuration.md').split('\n## Removed settings')[0];
  return new Set(
    current
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1])),
  );
}

/** `NAME=value` lines of .env.example. */
const variablesInEnvExample = (): string[] =>
  [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

interface ComposeFile {
  services: { app: { environment: Record<string, string> } };
}
const compose = (): ComposeFile => parse(read('docker-compose.yml')) as ComposeFile;

/** Every ${NAME...} the compose file fills in from .env or the shell. */
function variablesComposeReads(): Set<string> {
  return new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]));
}

/** Set by compose itself for its own services (docker-compose.yml explains why), not taken from .env. */
const FIXED_BY_COMPOSE = ['DATABASE_URL', 'SMTP_URL', 'HOST', 'PORT'];

describe('the documented configuration matches what the app and compose read', () => {
  const app = new Set(APP_SETTINGS);
  const composeOnly = [...variablesComposeReads()].filter((name) => !app.has(name));

  it('docs/configuration.md lists every variable the app or compose reads, and nothing else', () => {
    expect(sorted(variablesInDocs())).toEqual(sorted([...APP_SETTINGS, ...composeOnly]));
    expect(sorted(composeOnly)).toEqual(sorted(Object.keys(COMPOSE_SETTINGS)));
  });

  it('.env.example lists at most 25 variables, every required one and no test-only one', () => {
    const listed = variablesInEnvExample();
    expect(listed.length).toBeLessThanOrEqual(25);
    expect(new Set(listed).size).toBe(listed.length);
    for (const name of listed) expect({ name, known: name in ALL_SETTINGS }).toEqual({ name, known: true });
    expect(listed.filter((name) => ALL_SETTINGS[name]?.testOnly)).toEqual([]);
    const required = Object.entries(ALL_SETTINGS).filter(([, spec]) => spec.required);
    expect(required.map(([name]) => name).filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('compose passes the settings through from .env, except the few it fixes and the ones a container never needs', () => {
    const environment = compose().services.app.environment;
    const passedThrough = Object.entries(environment)
      .filter(([name, value]) => value.startsWith(`\${${name}:-`))
      .map(([name]) => name);
    const omitted = APP_SETTINGS.filter((name) => !(name in environment));
    expect(sorted(passedThrough)).toEqual(
      sorted(APP_SETTINGS.filter((name) => ![...FIXED_BY_COMPOSE, ...omitted].includes(name))),
    );
    for (const name of FIXED_BY_COMPOSE) expect(environment[name]).toBeDefined();
    // Only the folder inside the image and values the tests shorten stay out; the container tests need the stand-ins.
    expect(
      omitted.filter((name) => name !== 'STATIC_DIR' && !SETTINGS[name as keyof typeof SETTINGS].testOnly),
    ).toEqual([]);
    expect(passedThrough).toEqual(expect.arrayContaining(['STRIPE_API_URL', 'TURNSTILE_VERIFY_URL']));
  });

  it('under compose the database and mail server are the compose services unless COMPOSE_* says otherwise', () => {
    const environment = compose().services.app.environment;
    expect(environment.DATABASE_URL).toBe('${COMPOSE_DATABASE_URL:-postgresql://site:site@postgres:5432/site}');
    expect(environment.SMTP_URL).toBe('${COMPOSE_SMTP_URL:-smtp://mailpit:1025}');
  });

  it('the Kubernetes Secret template holds the secrets, the ConfigMap none', () => {
    const configMap = (parse(read('deploy/kubernetes/configmap.yaml')) as { data: Record<string, string> }).data;
    const secret = (parse(read('deploy/kubernetes/secret.template.yaml')) as { stringData: Record<string, string> })
      .stringData;
    expect(Object.keys(configMap).filter((name) => ALL_SETTINGS[name]?.secret)).toEqual([]);
    expect(Object.keys(secret).filter((name) => !ALL_SETTINGS[name]?.secret)).toEqual([]);
    const required = Object.entries(SETTINGS as Record<string, SettingSpec>)
      .filter(([, spec]) => spec.required)
      .map(([name]) => name);
    expect(sorted(required.filter((name) => !(name in configMap) && !(name in secret)))).toEqual([]);
  });
});

/**
 * A value for each setting other than its default, so the start-up line must change with it; null for the few the
 * line cannot show (with the reason).
 */
const LOGGED_AS: Record<string, Env | null> = {
  NODE_ENV: { NODE_ENV: 'test' },
  PORT: { PORT: '8080' },
  HOST: { HOST: '127.0.0.1' },
  PUBLIC_BASE_URL: { PUBLIC_BASE_URL: 'https://other.example' },
  MAIL_FROM: null, // the sender is written into every email, not the log
  STAFF_EMAIL: null, // an address of a person: not in the log
  STRIPE_API_URL: { STRIPE_API_URL: 'http://127.0.0.1:12111' },
  STRIPE_DONATION_PRODUCT_ID: { STRIPE_DONATION_PRODUCT_ID: 'prod_other' },
  STRIPE_PORTAL_CONFIGURATION_ID: { STRIPE_PORTAL_CONFIGURATION_ID: 'bpc_other' },
  STRIPE_WEBHOOK_API_VERSION: null, // only checked at start: any other value stops it
  TURNSTILE_SITE_KEY: null, // shown as the mode of the Turnstile keys
  TURNSTILE_VERIFY_URL: { TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
  PERIODIC_GIFT_SIGNATORY_NAME: { PERIODIC_GIFT_SIGNATORY_NAME: 'A. de Wit' },
  PERIODIC_GIFT_SIGNATORY_FUNCTION: { PERIODIC_GIFT_SIGNATORY_FUNCTION: 'secretaris' },
  TRUST_PROXY: { TRUST_PROXY: '2' },
  RETENTION_DAYS_VOLUNTEER: { RETENTION_DAYS_VOLUNTEER: '29' },
  RETENTION_DAYS_CONTACT: { RETENTION_DAYS_CONTACT: '400' },
  RETENTION_DAYS_HELP_REQUEST: { RETENTION_DAYS_HELP_REQUEST: '91' },
  RETENTION_DAYS_ERROR_REPORTS: { RETENTION_DAYS_ERROR_REPORTS: '31' },
  RETENTION_DAYS_DONATIONS: { RETENTION_DAYS_DONATIONS: '3001' },
  ERROR_REPORTS_PER_HOUR: { ERROR_REPORTS_PER_HOUR: '7' },
  ERROR_REPORTS_MAX_ROWS: { ERROR_REPORTS_MAX_ROWS: '77' },
  RATE_LIMIT_POST_PER_MINUTE: { RATE_LIMIT_POST_PER_MINUTE: '7' },
  CHECKOUT_RATE_LIMIT_PER_MINUTE: { CHECKOUT_RATE_LIMIT_PER_MINUTE: '7' },
  RATE_LIMIT_STORE: { RATE_LIMIT_STORE: 'memory' },
  METRICS_PORT: { METRICS_PORT: '9464' },
  METRICS_HOST: { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' },
  HTTP_HEADERS_TIMEOUT_MS: { HTTP_HEADERS_TIMEOUT_MS: '7' },
  HTTP_REQUEST_TIMEOUT_MS: { HTTP_REQUEST_TIMEOUT_MS: '20000' },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: { HTTP_KEEP_ALIVE_TIMEOUT_MS: '61000' },
  HTTP_MAX_CONNECTIONS: { HTTP_MAX_CONNECTIONS: '7' },
  MAIL_RETRY_DELAY_SECONDS: { MAIL_RETRY_DELAY_SECONDS: '7' },
  MAIL_RETRY_DELAY_MAX_SECONDS: { MAIL_RETRY_DELAY_MAX_SECONDS: '7' },
  MAIL_RETRY_LIMIT: { MAIL_RETRY_LIMIT: '7' },
  MAIL_BATCH_SIZE: { MAIL_BATCH_SIZE: '7' },
  CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: { CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: '7' },
  CONFIRMATION_CAP_PER_HOUR: { CONFIRMATION_CAP_PER_HOUR: '7' },
  RUN_WORKER: { RUN_WORKER: 'false' },
  STATIC_DIR: { STATIC_DIR: '/srv/pages' },
  LOG_LEVEL: { LOG_LEVEL: 'debug' },
};

/** Distinct values for the secret settings, none of which may reach the start-up line. */
const SECRET_VALUES: Env = {
  DATABASE_URL: 'postgresql://site:db-secret-1@db.internal:5432/site',
  SMTP_URL: 'smtps://mailer:smtp-secret-2@smtp.example.org:465',
  STRIPE_SECRET_KEY: 'sk_test_stripesecret3',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhooksecret4',
  DONOR_LINK_SECRET: 'donorlinksecret5-0123456789abcdefghijklmnop',
  TURNSTILE_SECRET_KEY: 'turnstilesecret6',
  METRICS_TOKEN: 'metricstokensecret7-0123456789',
};

describe('the start-up line (effective configuration) follows the table', () => {
  const line = (env: Env): string => JSON.stringify(describeConfig(loadConfig({ ...VALID, ...env })));
  const settings = Object.entries(SETTINGS as Record<string, SettingSpec>);

  it('shows every setting that is not secret: another value, another line', () => {
    expect(sorted(Object.keys(LOGGED_AS))).toEqual(sorted(settings.filter(([, s]) => !s.secret).map(([n]) => n)));
    const base = line({});
    for (const [name, env] of Object.entries(LOGGED_AS)) {
      if (env === null) continue;
      expect({ name, changed: line(env) !== base }).toEqual({ name, changed: true });
    }
  });

  it('never shows a secret setting as given', () => {
    expect(sorted(Object.keys(SECRET_VALUES))).toEqual(sorted(settings.filter(([, s]) => s.secret).map(([n]) => n)));
    const printed = line(SECRET_VALUES);
    expect(printed).not.toMatch(/secret\d/);
  });
});

describe('the Node flags of the long-running processes', () => {
  it('are the same for `npm start`, `npm run worker` and the image (docker/entrypoint.sh)', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const flagsOf = (command: string, entry: string): string =>
      new RegExp(`^node (.*?) ?${entry.replace('.', '\\.')}$`).exec(command)?.[1] ?? 'none';
    const image = /^NODE_FLAGS=(.*)$/m.exec(read('docker/entrypoint.sh'))?.[1];
    expect(flagsOf(scripts.start, 'backend/dist/main.js')).toBe(image);
    expect(flagsOf(scripts.worker, 'backend/dist/worker.js')).toBe(image);
    expect(read('docker/entrypoint.sh')).toContain('exec node $NODE_FLAGS backend/dist/main.js');
    expect(read('docker/entrypoint.sh')).toContain('exec node $NODE_FLAGS backend/dist/worker.js');
  });
});
