/**
 * Shared by the measurement scripts (scripts/bench/index.mjs, scripts/audit/lighthouse.mjs): a freshly created
 * and migrated database, the production server's environment, a free loopback port and waiting for /readyz.
 * Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) and a built backend (backend/dist).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const pg = require(join(ROOT, 'node_modules/pg'));
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The Node flags production runs the server with: those of `npm start` (package.json), as the image's entrypoint. */
export const NODE_FLAGS = (() => {
  const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
  return (
    /^node((?: --[\w-]+(?:=\S+)?)*) backend\/dist\/main\.js$/.exec(start)?.[1].trim().split(' ').filter(Boolean) ?? []
  );
})();

/** Runs `work(databaseUrl)` on a new database with every migration applied; drops the database afterwards. */
export async function withDatabase(work, prefix = 'site_bench') {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const migrate = spawnSync(process.execPath, [join(ROOT, 'backend/dist/cli/migrate.js')], {
      env: { ...process.env, DATABASE_URL: url.href },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrating ${name} failed:\n${migrate.stderr || migrate.stdout}`);
    return await work(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** The production server's environment on 127.0.0.1:port; email goes nowhere (port 1), Stripe is never called. */
export function appEnv(databaseUrl, port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'Bench <bench@example.org>',
    STAFF_EMAIL: 'staff@example.org',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    DONOR_LINK_SECRET: randomBytes(32).toString('hex'),
    TURNSTILE_SITE_KEY: 'bench-site-key',
    TURNSTILE_SECRET_KEY: 'bench-secret-key',
    LOG_LEVEL: 'error',
  };
}

/** A loopback port nothing listens on right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts backend/dist/main.js on a free port and resolves once /readyz answers 200; kill it with .kill(). */
export async function startApp(databaseUrl, { timeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const app = spawn(process.execPath, [...NODE_FLAGS, join(ROOT, 'backend/dist/main.js')], {
    env: appEnv(databaseUrl, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  app.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the server exited with ${app.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) {
      app.kill('SIGTERM');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${stderr}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { app, port, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
