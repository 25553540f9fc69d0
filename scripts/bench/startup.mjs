/**
 * Start-up and idle memory of the web process (`npm run bench -- --only startup`): the production server
 * (`npm start`: backend/dist/main.js with the Node flags of package.json's start script) is started `runs` times on
 * one migrated database; each time the wall time from spawn to the first 200 from /readyz, the CPU it used until
 * then, and its resident memory (VmRSS) 3 s and 10 s after ready, with no request in between, and how much of it is
 * the process's own (RssAnon; the rest are pages mapped from the Node binary and libraries, shared by every Node
 * process). Targets (docs/benchmarks.md): ready within 1.5 s, idle RSS (VmRSS) at most 120 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { appEnv, freePort, NODE_FLAGS, ROOT } from './server.mjs';
import { cpuSeconds } from './submissions.mjs';

const statusMb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const rssMb = (pid) => statusMb(pid, 'VmRSS');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureStartup(databaseUrl, runs = 5) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const load = loadavg()[0];
    const started = performance.now();
    const app = spawn(process.execPath, [...NODE_FLAGS, join(ROOT, 'backend/dist/main.js')], {
      env: appEnv(databaseUrl, port),
      stdio: 'ignore',
    });
    try {
      for (;;) {
        if (app.exitCode !== null) throw new Error(`the server exited with ${app.exitCode}`);
        if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.ok) break;
        await sleep(5);
      }
      const readyMs = performance.now() - started;
      const cpu = cpuSeconds(app.pid);
      await sleep(3000);
      const rss3 = rssMb(app.pid);
      await sleep(7000);
      samples.push({ readyMs, cpu, rss3, rss10: rssMb(app.pid), anon10: statusMb(app.pid, 'RssAnon'), load });
    } finally {
      app.kill('SIGTERM');
      await new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve()));
    }
  }
  return {
    flags: NODE_FLAGS.join(' ') || '(none)',
    readyMs: median(samples.map((s) => s.readyMs)),
    readyRange: [Math.min(...samples.map((s) => s.readyMs)), Math.max(...samples.map((s) => s.readyMs))],
    cpu: median(samples.map((s) => s.cpu)),
    rss3: median(samples.map((s) => s.rss3)),
    rss10: median(samples.map((s) => s.rss10)),
    anon10: median(samples.map((s) => s.anon10)),
    load: [Math.min(...samples.map((s) => s.load)), Math.max(...samples.map((s) => s.load))],
    runs,
  };
}

/**
 * The floor under the site's idle RSS, with the same Node flags (scripts/bench/memory-floor.cjs): a bare Node
 * process, one with node-postgres's pool, and one with the site's Prisma client over that pool, each 10 s after
 * its one query. Returns { node, pg, prisma }, each { rss, anon } in MB.
 */
export function measureMemoryFloor(databaseUrl) {
  const floor = {};
  for (const mode of ['node', 'pg', 'prisma']) {
    const probe = spawnSync(process.execPath, [...NODE_FLAGS, join(ROOT, 'scripts/bench/memory-floor.cjs'), mode], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    if (probe.status !== 0) throw new Error(`memory floor (${mode}) failed:\n${probe.stderr}`);
    floor[mode] = JSON.parse(probe.stdout);
  }
  return floor;
}
