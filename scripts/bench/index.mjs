#!/usr/bin/env node
/**
 * `npm run bench`: prints measurements as a table (never pass/fail). Run after `npm run build`.
 *   - submissions: scripts/bench/submissions.mjs (app vs a raw node:http + pg insert; p99 at 300 req/s)
 *   - startup: process start to /readyz 200 (median of 5 starts), CPU until then, and idle RSS 3 s and 10 s after
 *     (scripts/bench/startup.mjs; targets: 1.5 s, 120 MB), with the floor under it: a bare node, node with a pg pool,
 *     and with the Prisma client (scripts/bench/memory-floor.cjs)
 *   - readyz: what one client polling /readyz as fast as it can gets and costs (calls/s, app CPU per call)
 *   - pages: requests/s for the prerendered home page (brotli) from the app vs nginx serving the same build
 *   - export: the 1,000,000-row export benchmark of scripts/bench/export.mjs (skip with --no-export, rows with --rows)
 *   - email drain: a backlog of queued emails (10,000 by default, --emails N; two per submission: the staff
 *     notification and the confirmation) already in pg-boss when the worker (`npm run worker`) starts, delivered to a
 *     loopback SMTP server (smtp-server); emails/s from the worker's start to the last accepted message, next to a
 *     raw nodemailer pool sending as many messages to the same server (skip with --no-drain)
 * `--only drain` (or startup, pages, readyz, submissions, export) runs one part.
 * Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL), nginx from Debian for the page comparison.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { appEnv, freePort, NODE_FLAGS, startApp, withDatabase } from './server.mjs';
import { measureMemoryFloor, measureStartup } from './startup.mjs';
import { cpuSeconds } from './submissions.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const autocannon = require(join(ROOT, 'node_modules/autocannon'));
const { values: options } = parseArgs({
  options: {
    'no-export': { type: 'boolean' },
    'no-drain': { type: 'boolean' },
    only: { type: 'string' },
    rows: { type: 'string' },
    seconds: { type: 'string' },
    emails: { type: 'string' },
  },
});
const runs = (part) => (options.only ? options.only === part : !options[`no-${part}`]);
const seconds = Number(options.seconds ?? 5);
const rows = [];
let exportTable = '';
const report = (area, measure, value, target = '') => rows.push({ area, measure, value, target });

async function load(url) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  return result.requests.average;
}

if (runs('startup'))
  await withDatabase(async (databaseUrl) => {
    const result = await measureStartup(databaseUrl, 5);
    const load = `load ${result.load.map((n) => n.toFixed(1)).join('-')}`;
    report(
      'startup',
      `process start to /readyz 200 (median of ${result.runs}; node ${result.flags})`,
      `${Math.round(result.readyMs)} ms (${result.readyRange.map(Math.round).join('-')} ms; ${load})`,
      result.readyMs <= 1500 ? '<= 1.5 s met' : '<= 1.5 s NOT met',
    );
    report('startup', 'CPU used until ready (median)', `${result.cpu.toFixed(2)} s`);
    report(
      'startup',
      'idle RSS 3 s / 10 s after ready (median)',
      `${result.rss3.toFixed(0)} / ${result.rss10.toFixed(0)} MB (${result.anon10.toFixed(0)} MB anonymous)`,
      result.rss10 <= 120 ? '<= 120 MB met' : '<= 120 MB NOT met',
    );
    const floor = measureMemoryFloor(databaseUrl);
    const mb = ({ rss, anon }) => `${rss.toFixed(0)} MB (${anon.toFixed(0)} anonymous)`;
    report(
      'startup',
      'idle RSS floor: bare node / + pg pool / + the Prisma client, after one query',
      `${mb(floor.node)} / ${mb(floor.pg)} / ${mb(floor.prisma)}`,
    );
  });

if (runs('pages'))
  await withDatabase(async (databaseUrl) => {
    const port = 4520;
    const app = spawn(process.execPath, [...NODE_FLAGS, join(ROOT, 'backend/dist/main.js')], {
      env: appEnv(databaseUrl, port),
      stdio: 'ignore',
    });
    try {
      for (;;) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      const appRps = await load(`http://127.0.0.1:${port}/`);
      let nginxRps;
      const dir = mkdtempSync(join(tmpdir(), 'site-nginx-'));
      // A fair peer: nginx serves the same page precompressed (gzip_static, like the app's precompressed brotli)
      // with its file cache on, rather than compressing every response on the fly.
      const home = readFileSync(join(ROOT, 'frontend/build/index.html'));
      mkdirSync(join(dir, 'site'));
      writeFileSync(join(dir, 'site/index.html'), home);
      writeFileSync(join(dir, 'site/index.html.gz'), gzipSync(home, { level: 9 }));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; gzip_static on; open_file_cache max=100; etag on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:4521; root ${dir}/site; location / { try_files $uri $uri/index.html =404; } } }`,
      );
      const nginx = spawn('nginx', ['-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
      nginx.on('error', () => {});
      await new Promise((r) => setTimeout(r, 500));
      try {
        nginxRps = nginx.exitCode === null && nginx.pid ? await load('http://127.0.0.1:4521/') : undefined;
      } catch {
        nginxRps = undefined;
      }
      nginx.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
      report('pages', 'home page req/s (app, brotli, 50 connections)', appRps.toFixed(0));
      if (nginxRps) {
        report('pages', 'home page req/s (nginx, precompressed gzip, 1 worker)', nginxRps.toFixed(0));
        const ratio = appRps / nginxRps;
        report('pages', 'app / nginx', ratio.toFixed(2), ratio >= 0.5 ? '>= 0.5 met' : '>= 0.5 NOT met');
      } else {
        report('pages', 'nginx comparison', 'nginx not available', 'not measured');
      }
    } finally {
      app.kill('SIGTERM');
    }
  });

// /readyz is public: one client polling it back to back, one connection (each call is one small query).
if (runs('readyz'))
  await withDatabase(async (databaseUrl) => {
    const { app, url } = await startApp(databaseUrl);
    try {
      const cpuBefore = cpuSeconds(app.pid);
      const result = await autocannon({ url: `${url}/readyz`, connections: 1, duration: seconds });
      const cpuPerCall = ((cpuSeconds(app.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total);
      report('readyz', '/readyz calls/s (1 connection)', result.requests.average.toFixed(0));
      report('readyz', 'app CPU per /readyz call', `${cpuPerCall.toFixed(0)} us`);
    } finally {
      app.kill('SIGTERM');
    }
  });

// Submissions: app vs raw node:http + pg (prints its own table).
if (runs('submissions')) {
  spawnSync(process.execPath, [join(ROOT, 'scripts/bench/submissions.mjs'), '--seconds', String(seconds)], {
    stdio: 'inherit',
  });
}

if (runs('drain')) await measureDrain(Number(options.emails ?? 10_000));

if (runs('export')) {
  const { runExportBench, formatSummary } = await import('./export.mjs');
  exportTable = formatSummary(await runExportBench({ rows: Number(options.rows ?? 1_000_000) }));
}

const width = Math.max(...rows.map((r) => r.measure.length));
console.log(`\n${'area'.padEnd(8)} ${'measure'.padEnd(width)}  value`);
for (const row of rows) console.log(`${row.area.padEnd(8)} ${row.measure.padEnd(width)}  ${row.value}  ${row.target}`);
if (exportTable) console.log(`\n${exportTable}`);

/**
 * Email drain (issues 5 and 8): `emails / 2` contact submissions and their email jobs are queued (with pg-boss's own
 * insert, so the queue's retry and dead-letter settings apply) before the worker process starts; the clock runs from
 * starting `backend/dist/worker.js` to the last message accepted by a loopback smtp-server. Every Message-ID must
 * arrive exactly once. The ceiling next to it: a raw nodemailer pool (5 connections, as MAIL_POOL_CONNECTIONS)
 * sending as many similar messages to the same server from its own process.
 */
async function measureDrain(emails) {
  const { SMTPServer } = require(join(ROOT, 'node_modules/smtp-server'));
  const { PgBoss } = require(join(ROOT, 'node_modules/pg-boss'));
  const pg = require(join(ROOT, 'node_modules/pg'));
  const jobs = Math.ceil(emails / 2);
  const received = new Map(); // Message-ID -> times received
  let first = 0;
  let last = 0;
  let onFirst = () => undefined;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `missing-${received.size}`;
        received.set(id, (received.get(id) ?? 0) + 1);
        last = Date.now();
        if (!first) {
          first = last;
          onFirst();
        }
        callback();
      });
    },
  });
  await new Promise((r) => sink.listen(0, '127.0.0.1', r));
  const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;
  const count = () => [...received.values()].reduce((a, b) => a + b, 0);
  try {
    await withDatabase(async (databaseUrl) => {
      // The web process creates the queues (retry policy, dead letter); then it stops, before anything is queued.
      const port = await freePort();
      const web = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
        env: { ...appEnv(databaseUrl, port), RUN_WORKER: 'false' },
        stdio: 'ignore',
      });
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.ok, 60_000);
      web.kill('SIGTERM');
      await new Promise((r) => web.once('exit', r));

      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const { rows: submissions } = await db.query(
        `INSERT INTO submissions (id, type, language, name, email, subject, message)
         SELECT gen_random_uuid(), 'contact', 'nl', 'Afzender ' || i, 'sender' || i || '@example.org', 'Vraag',
                'Hallo! Een bericht dat in de wachtrij staat. ' || repeat('Tekst ', 40)
         FROM generate_series(1, $1) AS i RETURNING id`,
        [jobs],
      );
      const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      for (let i = 0; i < submissions.length; i += 1000) {
        const slice = submissions.slice(i, i + 1000).map(({ id }) => ({ data: { submissionId: id } }));
        await boss.insert('submission-email', slice);
      }
      await boss.stop({ graceful: false, close: true });

      const load = loadavg()[0].toFixed(2);
      const started = Date.now();
      const worker = spawn(process.execPath, [join(ROOT, 'backend/dist/worker.js')], {
        env: { ...appEnv(databaseUrl, port), SMTP_URL: smtpUrl },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // The worker's CPU from its first delivered email on (its start-up not counted), per email.
      let cpuAtFirst = 0;
      let sinkAtFirst = 0;
      onFirst = () => {
        cpuAtFirst = cpuSeconds(worker.pid);
        sinkAtFirst = cpuSeconds(process.pid);
      };
      try {
        await waitFor(() => count() >= emails || worker.exitCode !== null, Math.max(120_000, emails * 50));
        const cpuPerEmail = ((cpuSeconds(worker.pid) - cpuAtFirst) * 1e6) / Math.max(1, count() - 1);
        const sinkPerEmail = ((cpuSeconds(process.pid) - sinkAtFirst) * 1e6) / Math.max(1, count() - 1);
        const seconds = (last - started) / 1000;
        const rate = count() / seconds;
        const steady = count() > 1 ? (count() - 1) / ((last - first) / 1000) : 0;
        await waitFor(
          async () =>
            (await db.query("SELECT count(*)::int AS n FROM submissions WHERE email_status = 'sent'")).rows[0].n >=
            jobs,
          30_000,
        ).catch(() => undefined);
        const recorded = (await db.query("SELECT count(*)::int AS n FROM submissions WHERE email_status = 'sent'"))
          .rows[0].n;
        const repeats = [...received.values()].filter((n) => n > 1).length;
        report(
          'email',
          `drain ${emails} queued emails (${jobs} jobs), worker start to last email`,
          `${rate.toFixed(0)} emails/s (${seconds.toFixed(1)} s; load ${load})`,
          rate >= 100 ? '>= 100/s met' : '>= 100/s NOT met',
        );
        report(
          'email',
          'same drain, first to last email',
          `${steady.toFixed(0)} emails/s; CPU µs per email: worker ${cpuPerEmail.toFixed(0)}, SMTP server ${sinkPerEmail.toFixed(0)}`,
        );
        report(
          'email',
          'delivered / distinct / repeated Message-IDs; rows sent',
          `${count()} / ${received.size} / ${repeats}; ${recorded} of ${jobs}`,
          count() === emails && repeats === 0 && recorded === jobs ? 'exactly once' : 'NOT exactly once',
        );
      } finally {
        worker.kill('SIGTERM');
        await new Promise((r) => (worker.exitCode === null ? worker.once('exit', r) : r()));
        await db.end();
      }
    }, 'site_bench_drain');

    // The ceiling on this machine now: the same number of messages straight through a nodemailer pool.
    received.clear();
    first = last = 0;
    const rawLoad = loadavg()[0].toFixed(2);
    const rawStarted = Date.now();
    const raw = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
         const nodemailer = createRequire(${JSON.stringify(join(ROOT, 'package.json'))})('nodemailer');
         const transport = nodemailer.createTransport({ url: ${JSON.stringify(smtpUrl)}, pool: true, maxConnections: 5, maxMessages: 500 });
         const html = '<!doctype html><p>' + 'Een bericht dat in de wachtrij staat. '.repeat(60) + '</p>';
         await Promise.all(Array.from({ length: ${emails} }, (_, i) => transport.sendMail({
           from: 'Bench <bench@example.org>', to: 'staff@example.org', subject: 'Nieuw contactbericht',
           text: 'Een bericht dat in de wachtrij staat. '.repeat(60), html, messageId: '<raw-' + i + '@example.org>' })));
         transport.close();
         const { user, system } = process.cpuUsage();
         console.log('CPU ' + (user + system) / ${emails});`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let rawOutput = '';
    raw.stdout.on('data', (chunk) => (rawOutput += chunk));
    await new Promise((r) => raw.once('exit', r));
    const rawRate = count() / ((last - rawStarted) / 1000);
    const rawCpu = Number(/CPU ([\d.]+)/.exec(rawOutput)?.[1] ?? NaN);
    report(
      'email',
      `raw nodemailer pool (5 connections), ${emails} emails`,
      `${rawRate.toFixed(0)} emails/s (load ${rawLoad}); sender CPU ${rawCpu.toFixed(0)} µs per email (incl. start)`,
    );
  } finally {
    await new Promise((r) => sink.close(r));
  }
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
