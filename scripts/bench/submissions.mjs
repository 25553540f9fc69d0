#!/usr/bin/env node
/**
 * Submission benchmark (issues 5 and 8): accepted submissions per second and p50/p99 latency of
 * POST /api/send-email on the production build (validation, Turnstile check against a local siteverify endpoint,
 * one atomic statement with the row and its email job), side by side with a minimal node:http + pg server
 * inserting the same row, plus p50/p99 at a fixed 300 requests per second (open loop, evenly spaced). Prints numbers; never pass/fail.
 *
 *   npm run build && node scripts/bench/submissions.mjs [--seconds 10] [--connections 20] [--clients 1]
 *     [--rate-limit-store postgres,memory]
 *
 * `--clients N` spreads the requests over N client addresses (X-Forwarded-For, with TRUST_PROXY=1), as real
 * visitors are: by default every request comes from one address (its rate limit raised out of the way, still counted:
 * with one address every request updates the same counter row, the worst case for PostgreSQL's row lock).
 * The app runs once per rate-limit store (RATE_LIMIT_STORE, `--rate-limit-store`), PostgreSQL (the default) and
 * memory, and the difference is printed as the cost of limits that hold across instances.
 *
 * Fair comparison: the app, the raw server and the siteverify stand-in each run in their own process (the load
 * generator runs in this one), the raw server gets the same JSON body and pool size (10) as the app and inserts the
 * same row with the same fields; it does no validation, no Turnstile call and inserts no email job.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { appEnv, freePort, ROOT, withDatabase } from './server.mjs';

const require = createRequire(import.meta.url);
const pg = require(join(ROOT, 'node_modules/pg'));
const listen = (server) => new Promise((r) => server.listen(0, '127.0.0.1', () => r(server.address().port)));

/** CPU seconds a process has used so far (user + system), from /proc; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Run as a script (not imported by scripts/bench/index.mjs for cpuSeconds). */
const isMain = process.argv[1] === fileURLToPath(import.meta.url);
const { values } = isMain
  ? parseArgs({
      options: {
        seconds: { type: 'string' },
        connections: { type: 'string' },
        clients: { type: 'string' },
        'rate-limit-store': { type: 'string' },
        serve: { type: 'string' },
      },
    })
  : { values: {} };

if (!isMain) {
  // nothing to run
} else if (values.serve) {
  // Child mode: one of the two stand-ins, in a process of its own; prints its port.
  let server;
  if (values.serve === 'verify') {
    // Local stand-in for Cloudflare's siteverify (an internet service).
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        // The bench posts contact forms: the action their widget declares.
        res.end(JSON.stringify({ success: true, hostname: '127.0.0.1', action: 'contact' }));
      });
    });
  } else {
    // The floor: parse JSON and insert the same row, nothing else.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        const { type, language, formData: f } = JSON.parse(Buffer.concat(chunks).toString());
        const { rows } = await pool.query(
          'INSERT INTO submissions (id, type, language, name, email, subject, message) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6) RETURNING id',
          [type, language, f.name, f.email, f.subject, f.message],
        );
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, id: rows[0].id }));
      });
    });
  }
  console.log(`PORT ${await listen(server)}`);
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

async function main() {
  const autocannon = require(join(ROOT, 'node_modules/autocannon'));
  const seconds = Number(values.seconds ?? 10);
  const connections = Number(values.connections ?? 20);
  const clients = Number(values.clients ?? 1);
  /** RATE_LIMIT_STORE of the app: both by default, one after the other, to print what counting in PostgreSQL costs. */
  const stores = (values['rate-limit-store'] ?? 'postgres,memory').split(',');
  let request = 0;
  const clientAddress = () => {
    const n = request++ % clients;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const fromClients =
    clients > 1
      ? {
          requests: [
            { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': clientAddress() } }) },
          ],
        }
      : {};
  const formData = { name: 'José Müller', email: 'jose@example.org', subject: 'Vraag', message: 'Hallo! '.repeat(40) };
  const body = JSON.stringify({ type: 'contact', formData, language: 'nl', turnstileToken: 'bench-token' });
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');

  let admin;
  /** The PostgreSQL backends serving the benchmark database (their CPU counts against the server measured). */
  const backends = async () =>
    (
      await admin.query(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  /** CPU used by the server, the siteverify stand-in and PostgreSQL's backends while `work` runs. */
  async function cpuDuring(serverPid, work) {
    const pids = async () => [serverPid, ...(await backends())];
    const before = new Map((await pids()).map((pid) => [pid, cpuSeconds(pid)]));
    const verifyBefore = verifyPid ? cpuSeconds(verifyPid) : 0;
    const result = await work();
    let server = 0;
    let database = 0;
    for (const pid of new Set([...before.keys(), ...(await pids())])) {
      const used = cpuSeconds(pid) - (before.get(pid) ?? 0);
      if (pid === serverPid) server += used;
      else database += Math.max(0, used);
    }
    const verify = verifyPid ? cpuSeconds(verifyPid) - verifyBefore : 0;
    const perRequest = (cpu) => (result.ok ? (cpu * 1e6) / result.ok : 0);
    return {
      ...result,
      cpu: { server: perRequest(server), database: perRequest(database), verify: perRequest(verify) },
    };
  }
  let verifyPid;

  /**
   * Open loop at a fixed rate: one request every 1/rate s, evenly spaced, each on a free kept-alive connection,
   * whatever the answers do; latency from sending to the end of the answer. (autocannon's `overallRate` sends each
   * connection's share back to back at the start of every second, and its coordinated-omission correction then
   * assumes a 1 ms interval, so its percentiles at a fixed rate describe bursts, not a steady 300 per second.)
   */
  async function runAtRate(url, rate) {
    const agent = new Agent({ keepAlive: true, maxSockets: 512 });
    const latencies = [];
    let ok = 0;
    let errors = 0;
    const total = rate * seconds;
    const start = performance.now();
    await new Promise((done) => {
      let sent = 0;
      let finished = 0;
      const settle = () => ++finished === total && done();
      const fire = () => {
        const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
        if (clients > 1) headers['x-forwarded-for'] = clientAddress();
        const sentAt = performance.now();
        const req = httpRequest(url, { method: 'POST', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - sentAt);
            if (res.statusCode >= 200 && res.statusCode < 300) ok++;
            else if (!errors++) console.error(`at ${rate}/s: HTTP ${res.statusCode} (further errors counted only)`);
            settle();
          });
        });
        req.on('error', (error) => {
          if (!errors) console.error(`at ${rate}/s: ${error.code ?? error.message} (further errors counted only)`);
          errors++;
          settle();
        });
        req.end(body);
      };
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
        while (sent < due) {
          sent++;
          fire();
        }
        if (sent < total) setTimeout(tick, 1);
      };
      tick();
    });
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return { ok, perSecond: ok / seconds, p50: at(0.5), p99: at(0.99), errors, load: load() };
  }

  async function run(url, extra = {}) {
    const result = await autocannon({
      url,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      body,
      ...fromClients,
      ...extra,
    });
    return {
      ok: result['2xx'],
      perSecond: result['2xx'] / (extra.duration ?? seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
      load: load(),
    };
  }

  const children = [];
  /** Starts this script in `--serve kind` mode and resolves with its port. */
  function serve(kind, env = {}) {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', kind], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    if (kind === 'verify') verifyPid = child.pid;
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        const port = /PORT (\d+)/.exec(String(chunk))?.[1];
        if (port) resolve(Number(port));
      });
      child.on('exit', (code) => reject(new Error(`${kind} stand-in exited with ${code}`)));
    });
  }

  await withDatabase(async (databaseUrl) => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const verifyPort = await serve('verify');
      const appUrlOn = (port) => `http://127.0.0.1:${port}/api/send-email`;
      /** The app with its limits counted in `store` (RATE_LIMIT_STORE): closed loop, then the fixed 300 req/s. */
      async function measureApp(store) {
        const appPort = await freePort();
        const app = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
          stdio: 'ignore',
          env: {
            ...appEnv(databaseUrl, appPort),
            TURNSTILE_VERIFY_URL: `http://127.0.0.1:${verifyPort}/siteverify`,
            RATE_LIMIT_POST_PER_MINUTE: '100000000',
            RATE_LIMIT_STORE: store,
            RUN_WORKER: 'false',
            ...(clients > 1 ? { TRUST_PROXY: '1' } : {}),
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
        const appUrl = appUrlOn(appPort);
        await run(appUrl, { duration: 2 }); // warm-up
        const closed = await cpuDuring(app.pid, () => run(appUrl));
        const at300 = await cpuDuring(app.pid, () => runAtRate(appUrl, 300));
        app.kill('SIGTERM');
        await new Promise((r) => app.once('exit', r));
        return { store, closed, at300 };
      }
      const apps = [];
      for (const store of stores) apps.push(await measureApp(store));

      const rawUrl = `http://127.0.0.1:${await serve('raw', { DATABASE_URL: databaseUrl })}/`;
      await run(rawUrl, { duration: 2 });
      const rawResult = await cpuDuring(children.at(-1).pid, () => run(rawUrl));
      // The same fixed rate against the raw server: what this machine's scheduling leaves of p99 right now.
      const rawAt300 = await cpuDuring(children.at(-1).pid, () => runAtRate(rawUrl, 300));

      const us = (n) => n.toFixed(0).padStart(6);
      const line = (label, r) =>
        `${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}   ${us(r.cpu.server)} ${us(r.cpu.database)} ${us(r.cpu.verify)}   ${r.load}`;
      console.log(
        `\nsubmissions, ${connections} connections, ${seconds} s each, ${clients > 1 ? `${clients} client addresses` : 'one client address'}`,
      );
      console.log(
        `${'server'.padEnd(44)} ${'2xx/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(7)}   CPU µs per 2xx: server, PostgreSQL, siteverify   load average after`,
      );
      for (const { store, closed } of apps) console.log(line(`app, limits in ${store}`, closed));
      console.log(line('raw node:http + pg insert', rawResult));
      for (const { store, at300 } of apps) console.log(line(`app, limits in ${store}, fixed 300 req/s`, at300));
      console.log(line('raw at a fixed 300 req/s', rawAt300));
      for (const { store, closed, at300 } of apps) {
        console.log(
          `limits in ${store}: accepted forms ${closed.perSecond.toFixed(0)}/s at ${connections} connections (target >= 1000/s: ${closed.perSecond >= 1000 ? 'met' : 'NOT met'}); ` +
            `p99 at 300 req/s ${at300.p99} ms (target < 50 ms: ${at300.p99 < 50 ? 'met' : 'NOT met'}; raw ${rawAt300.p99} ms); ` +
            `ratio app/raw ${(closed.perSecond / rawResult.perSecond).toFixed(2)} (for comparison only)`,
        );
      }
      const byStore = Object.fromEntries(apps.map((a) => [a.store, a]));
      if (byStore.postgres && byStore.memory) {
        const pg = byStore.postgres;
        const mem = byStore.memory;
        console.log(
          `cost of counting the limits in PostgreSQL: ${(mem.closed.perSecond - pg.closed.perSecond).toFixed(0)} forms/s fewer ` +
            `(${((1 - pg.closed.perSecond / mem.closed.perSecond) * 100).toFixed(1)}%), ` +
            `${(pg.closed.cpu.server - mem.closed.cpu.server).toFixed(0)} µs app CPU and ${(pg.closed.cpu.database - mem.closed.cpu.database).toFixed(0)} µs PostgreSQL CPU per form; ` +
            `p99 at 300 req/s ${pg.at300.p99} vs ${mem.at300.p99} ms`,
        );
      }
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      await admin.end();
    }
  }, 'site_bench_sub');
}
