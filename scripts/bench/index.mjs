#!/usr/bin/env node
/**
 * `npm run bench`: prints measurements as a table (never pass/fail). Run after `npm run build`.
 *   - submissions: scripts/bench/submissions.mjs (app vs a raw node:http + pg insert; p99 at 300 req/s)
 *   - startup: process start to /readyz 200, and idle RSS after 3 s
 *   - pages: requests/s for the prerendered home page (brotli) from the app vs nginx serving the same build
 *   - export: the 1,000,000-row export benchmark of scripts/bench/export.mjs (skip with --no-export, rows with --rows)
 * Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL), nginx from Debian for the page comparison.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { appEnv, withDatabase } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const autocannon = require(join(ROOT, 'node_modules/autocannon'));
const { values: options } = parseArgs({
  options: { 'no-export': { type: 'boolean' }, rows: { type: 'string' }, seconds: { type: 'string' } },
});
const seconds = Number(options.seconds ?? 5);
const rows = [];
let exportTable = '';
const report = (area, measure, value, target = '') => rows.push({ area, measure, value, target });

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function load(url) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  return result.requests.average;
}

await withDatabase(async (databaseUrl) => {
  const port = 4520;
  const started = performance.now();
  const app = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
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
    report('startup', 'process start to /readyz 200', `${Math.round(performance.now() - started)} ms`);
    await new Promise((r) => setTimeout(r, 3000));
    report('startup', 'idle RSS', `${rssMb(app.pid).toFixed(0)} MB`);

    const appRps = await load(`http://127.0.0.1:${port}/`);
    let nginxRps;
    const dir = mkdtempSync(join(tmpdir(), 'site-nginx-'));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; gzip on; gzip_types text/html application/javascript text/css; gzip_comp_level 6;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:4521; root ${ROOT}/frontend/build; location / { try_files $uri $uri/index.html =404; } } }`,
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
      report('pages', 'home page req/s (nginx, gzip, 1 worker)', nginxRps.toFixed(0));
      const ratio = appRps / nginxRps;
      report('pages', 'app / nginx', ratio.toFixed(2), ratio >= 0.5 ? '>= 0.5 met' : '>= 0.5 NOT met');
    } else {
      report('pages', 'nginx comparison', 'nginx not available', 'not measured');
    }
  } finally {
    app.kill('SIGTERM');
  }
});

// Submissions: app vs raw node:http + pg (prints its own table).
spawnSync(process.execPath, [join(ROOT, 'scripts/bench/submissions.mjs'), '--seconds', String(seconds)], {
  stdio: 'inherit',
});

if (!options['no-export']) {
  const { runExportBench, formatSummary } = await import('./export.mjs');
  exportTable = formatSummary(await runExportBench({ rows: Number(options.rows ?? 1_000_000) }));
}

const width = Math.max(...rows.map((r) => r.measure.length));
console.log(`\n${'area'.padEnd(8)} ${'measure'.padEnd(width)}  value`);
for (const row of rows) console.log(`${row.area.padEnd(8)} ${row.measure.padEnd(width)}  ${row.value}  ${row.target}`);
if (exportTable) console.log(`\n${exportTable}`);
