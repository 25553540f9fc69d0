#!/usr/bin/env node
/**
 * Finds the programs the test suite needs on a developer's machine, in one place for the shell and the tests:
 *
 *   node scripts/find-tools.mjs chromium     the browser Playwright drives (playwright.config.ts)
 *   node scripts/find-tools.mjs pg-bin-dir   PostgreSQL's server programs, initdb and pg_ctl (the restart fault test)
 *   node scripts/find-tools.mjs check        one line on what `npm test` needs; exit code 1 when something is missing
 *   node scripts/find-tools.mjs              all of it as JSON
 *
 * `chromium` and `pg-bin-dir` print a path, or nothing with exit code 1. CHROMIUM_PATH and PG_BIN_DIR, when set,
 * are taken as they are (and reported missing if there is nothing there); TEST_DATABASE_URL names the PostgreSQL
 * server the tests create their databases on (default: postgresql://postgres@127.0.0.1:5432/postgres).
 * Plain Node, no dependencies needed: the `check` runs before anything else, on whichever Node is on PATH.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MAJOR = 24;
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** `dir/pattern*` entries whose name starts with `prefix`, newest version first (postgresql@17 before @16). */
function versioned(dir, prefix, rest) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(prefix));
  } catch {
    return [];
  }
  const version = (name) => Number.parseFloat(name.slice(prefix.length).replace(/^[@-]/, '')) || 0;
  return names.sort((a, b) => version(b) - version(a)).map((name) => join(dir, name, rest));
}

function output(command, args) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
  } catch {
    return '';
  }
}

/** A program on PATH, its real location (Homebrew and Debian link their programs into bin folders). */
function onPath(program) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isFile(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

/** PostgreSQL's server programs: a folder holding initdb and pg_ctl. */
export function findPgBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const hasServer = (dir) => Boolean(dir) && isFile(join(dir, 'initdb')) && isFile(join(dir, 'pg_ctl'));
  const candidates = [
    ...versioned('/usr/lib/postgresql', '', 'bin'), // Debian, Ubuntu
    ...versioned('/usr', 'pgsql-', 'bin'), // Fedora, RHEL (PGDG packages)
    ...versioned('/opt/homebrew/opt', 'postgresql', 'bin'), // Homebrew on Apple silicon
    ...versioned('/usr/local/opt', 'postgresql', 'bin'), // Homebrew on Intel
    output('pg_config', ['--bindir']), // Debian's pg_config names /usr/bin, which holds only the client wrappers
  ];
  const postgres = onPath('postgres');
  if (postgres) candidates.push(dirname(postgres), dirname(realpathSync(postgres)));
  return candidates.find(hasServer);
}

/** The Chromium (or Chrome) Playwright drives. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const candidates = [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    join(homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
  ];
  const found = candidates.find(isFile);
  if (found) return found;
  // The browser `npx playwright install chromium` downloads, if it was.
  try {
    const { chromium } = createRequire(join(ROOT, 'package.json'))('playwright-core');
    const path = chromium.executablePath();
    if (path && isFile(path)) return path;
  } catch {
    // playwright-core not installed yet (before `npm ci`)
  }
  return undefined;
}

/** Whether the tests' PostgreSQL server answers a query; the reason when it does not. */
export async function checkPostgres(url = process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL) {
  let Client;
  try {
    ({ Client } = createRequire(join(ROOT, 'backend/package.json'))('pg'));
  } catch {
    return { url, ok: false, error: 'the pg package is not installed (run npm ci)' };
  }
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url, ok: true };
  } catch (error) {
    return { url, ok: false, error: error.code ?? error.message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where the URL points, without a password. */
function safeUrl(url) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function report() {
  const chromium = findChromium();
  const pgBinDir = findPgBinDir();
  const postgres = await checkPostgres();
  return {
    node: { version: process.version, ok: Number(process.versions.node.split('.')[0]) === NODE_MAJOR },
    postgres: { ...postgres, url: safeUrl(postgres.url) },
    pgBinDir: pgBinDir && existsSync(join(pgBinDir, 'initdb')) ? pgBinDir : undefined,
    pgBinDirGiven: process.env.PG_BIN_DIR,
    chromium: chromium && isFile(chromium) ? chromium : undefined,
    chromiumGiven: process.env.CHROMIUM_PATH,
  };
}

/** One line: what was found, or what is missing and how to supply it. */
function describe(found) {
  const missing = [];
  if (!found.node.ok) missing.push(`Node ${NODE_MAJOR} (this is ${found.node.version})`);
  if (!found.postgres.ok) {
    missing.push(
      `PostgreSQL at ${found.postgres.url} (${found.postgres.error}; start it with trust auth, or set TEST_DATABASE_URL)`,
    );
  }
  if (!found.pgBinDir) {
    missing.push(
      found.pgBinDirGiven
        ? `PostgreSQL server programs (PG_BIN_DIR=${found.pgBinDirGiven} has no initdb)`
        : 'PostgreSQL server programs initdb and pg_ctl (install the PostgreSQL server package, or set PG_BIN_DIR)',
    );
  }
  if (!found.chromium) {
    missing.push(
      found.chromiumGiven
        ? `Chromium (CHROMIUM_PATH=${found.chromiumGiven} does not exist)`
        : 'Chromium or Chrome (install it, set CHROMIUM_PATH, or run npx playwright install chromium)',
    );
  }
  if (missing.length > 0) return { ok: false, line: `missing prerequisites: ${missing.join('; ')}` };
  return {
    ok: true,
    line: `prerequisites: Node ${found.node.version}, PostgreSQL at ${found.postgres.url}, server programs in ${found.pgBinDir}, browser ${found.chromium}`,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const what = process.argv[2];
  const print = (value) => {
    if (!value) process.exit(1);
    console.log(value);
  };
  if (what === 'chromium') print(findChromium());
  else if (what === 'pg-bin-dir') print(findPgBinDir());
  else if (what === 'check') {
    const { ok, line } = describe(await report());
    (ok ? console.log : console.error)(line);
    process.exitCode = ok ? 0 : 1;
  } else if (what === undefined) console.log(JSON.stringify(await report(), null, 2));
  else {
    console.error('usage: node scripts/find-tools.mjs [chromium | pg-bin-dir | check]');
    process.exitCode = 2;
  }
}
