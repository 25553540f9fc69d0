#!/usr/bin/env node
/**
 * Submission benchmark (issues 5 and 8): accepted submissions per second and p50/p99 latency of
 * POST /api/send-email on the production build (validation, Turnstile check against a local siteverify endpoint,
 * one transaction with the row and its email job), side by side with a minimal node:http + pg server inserting the
 * same row, plus p99 at a fixed 300 requests per second. Prints numbers; never pass/fail.
 *
 *   npm run build && node scripts/bench/submissions.mjs [--seconds 10] [--connections 20]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const pg = require(join(ROOT, 'node_modules/pg'));
const autocannon = require(join(ROOT, 'node_modules/autocannon'));
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' } } });
const seconds = Number(values.seconds ?? 10);
const connections = Number(values.connections ?? 20);

const formData = { name: 'José Müller', email: 'jose@example.org', subject: 'Vraag', message: 'Hallo! '.repeat(40) };
const body = JSON.stringify({ type: 'contact', formData, language: 'nl', turnstileToken: 'bench-token' });

const listen = (server) => new Promise((r) => server.listen(0, '127.0.0.1', () => r(server.address().port)));

async function run(url, extra = {}) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body,
    ...extra,
  });
  const ok = result['2xx'];
  return {
    perSecond: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
const name = `site_bench_sub_${Date.now().toString(36)}`;
await admin.query(`CREATE DATABASE "${name}"`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${name}`;
const children = [];
const servers = [];
try {
  await new Promise((ok, fail) =>
    spawn(process.execPath, [join(ROOT, 'backend/dist/cli/migrate.js')], {
      env: { ...process.env, DATABASE_URL: dbUrl.href },
    }).on('exit', (code) => (code === 0 ? ok() : fail(new Error('migration failed')))),
  );
  // Local stand-in for Cloudflare's siteverify (an internet service).
  const verify = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, hostname: '127.0.0.1' }));
    });
  });
  servers.push(verify);
  const verifyPort = await listen(verify);

  const appPort = 4530;
  const app = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      DATABASE_URL: dbUrl.href,
      PUBLIC_BASE_URL: `http://127.0.0.1:${appPort}`,
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Bench <bench@example.org>',
      STAFF_EMAIL: 'staff@example.org',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      TURNSTILE_SITE_KEY: 'bench-site-key',
      TURNSTILE_SECRET_KEY: 'bench-secret-key',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${verifyPort}/siteverify`,
      RATE_LIMIT_POST_PER_MINUTE: '100000000',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'error',
    },
  });
  children.push(app);
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${appPort}/readyz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const appUrl = `http://127.0.0.1:${appPort}/api/send-email`;
  await run(appUrl, { duration: 2 }); // warm-up
  const appResult = await run(appUrl);
  const appAt300 = await run(appUrl, { overallRate: 300 });
  app.kill('SIGTERM');

  // The floor: parse JSON and insert the same row, nothing else.
  const pool = new pg.Pool({ connectionString: dbUrl.href, max: 10 });
  const raw = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const { type, language, formData: f } = JSON.parse(Buffer.concat(chunks).toString());
      if (pool.ending) return res.destroy();
      const { rows } = await pool.query(
        'INSERT INTO submissions (id, type, language, name, email, subject, message) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6) RETURNING id',
        [type, language, f.name, f.email, f.subject, f.message],
      );
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, id: rows[0].id }));
    });
  });
  servers.push(raw);
  const rawUrl = `http://127.0.0.1:${await listen(raw)}/`;
  await run(rawUrl, { duration: 2 });
  const rawResult = await run(rawUrl);
  await new Promise((r) => raw.close(r));
  await pool.end();

  const line = (label, r) =>
    `${label.padEnd(34)} ${r.perSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}`;
  console.log(`\nsubmissions, ${connections} connections, ${seconds} s each`);
  console.log(
    `${'server'.padEnd(34)} ${'2xx/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(7)}`,
  );
  console.log(line('app POST /api/send-email', appResult));
  console.log(line('raw node:http + pg insert', rawResult));
  console.log(line('app at a fixed 300 req/s', appAt300));
  const ratio = appResult.perSecond / rawResult.perSecond;
  console.log(
    `ratio app/raw ${ratio.toFixed(2)} (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}); p99 at 300 req/s ${appAt300.p99} ms (target < 50 ms: ${appAt300.p99 < 50 ? 'met' : 'NOT met'})`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  for (const server of servers) if (server.listening) server.close();
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
