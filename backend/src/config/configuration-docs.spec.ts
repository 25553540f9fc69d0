import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type Env, loadCommandConfig, loadConfig, readDatabaseUrl } from './app-config';

/**
 * One list of settings in four places that must agree (README "Configuration", docs/architecture.md §7.2): the
 * variables the app reads, the README's table, `.env.example` and what docker-compose.yml passes to the app. A
 * variable missing from one of them is a setting an operator cannot find, or one that silently does nothing
 * under compose.
 */
const ROOT = join(__dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Every variable name the configuration code looks up, found by running it on an environment that records reads. */
function variablesTheAppReads(): Set<string> {
  const seen = new Set<string>();
  const valid: Env = {
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
  const recording = new Proxy(valid, {
    get(target, name) {
      if (typeof name === 'string') seen.add(name);
      return typeof name === 'string' ? target[name] : undefined;
    },
  });
  loadConfig(recording);
  loadCommandConfig(recording);
  readDatabaseUrl(recording, []);
  return seen;
}

/** Names in backticks in the first column of the README's configuration table. */
function variablesInReadme(): Set<string> {
  const section = /## Configuration\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
  return new Set(names);
}

/** `NAME=value` lines of .env.example. */
function variablesInEnvExample(): Set<string> {
  return new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
}

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
/** Not passed to the container at all: a path inside the image. */
const NOT_PASSED_BY_COMPOSE = ['STATIC_DIR'];

const sorted = (names: Iterable<string>): string[] => [...names].sort();
const minus = (a: Set<string>, b: Set<string>): string[] => sorted([...a].filter((name) => !b.has(name)));

describe('the documented configuration matches what the app and compose read', () => {
  const app = variablesTheAppReads();
  const composeOnly = new Set([...variablesComposeReads()].filter((name) => !app.has(name)));

  it('finds the variables the app reads (a sanity check of the recording)', () => {
    expect(app.has('DATABASE_URL')).toBe(true);
    expect(app.has('RETENTION_DAYS_DONATIONS')).toBe(true);
    expect(app.size).toBeGreaterThan(30);
  });

  it("the README's table lists every variable the app or compose reads, and nothing else", () => {
    const readme = variablesInReadme();
    expect({ missing: minus(app, readme), unknown: minus(readme, new Set([...app, ...composeOnly])) }).toEqual({
      missing: [],
      unknown: [],
    });
    expect(minus(composeOnly, readme)).toEqual([]);
  });

  it('.env.example documents exactly the variables of the README table', () => {
    expect(sorted(variablesInEnvExample())).toEqual(sorted(variablesInReadme()));
  });

  it('compose passes every setting of the app through from .env, except the few it fixes for its own services', () => {
    const environment = compose().services.app.environment;
    const passedThrough = Object.entries(environment)
      .filter(([name, value]) => value.startsWith(`\${${name}:-`))
      .map(([name]) => name);
    expect(sorted(passedThrough)).toEqual(
      sorted([...app].filter((name) => ![...FIXED_BY_COMPOSE, ...NOT_PASSED_BY_COMPOSE].includes(name))),
    );
    for (const name of FIXED_BY_COMPOSE) expect(environment[name]).toBeDefined();
    for (const name of NOT_PASSED_BY_COMPOSE) expect(environment[name]).toBeUndefined();
  });

  it('under compose the database and mail server are the compose services unless COMPOSE_* says otherwise', () => {
    const environment = compose().services.app.environment;
    expect(environment.DATABASE_URL).toBe('${COMPOSE_DATABASE_URL:-postgresql://site:site@postgres:5432/site}');
    expect(environment.SMTP_URL).toBe('${COMPOSE_SMTP_URL:-smtp://mailpit:1025}');
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
