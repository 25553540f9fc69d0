#!/usr/bin/env node
/**
 * Export benchmark: seeds N submissions (default 1,000,000) into a temporary database, exports them to
 * CSV with the staff CLI and with `psql \copy` of the same columns and order, and prints rows/s and peak RSS side by side.
 * Targets: the CLI stays under 200 MB RSS and reaches at least a third of \copy's rows/s.
 * `--format jsonl|xlsx` exports that format with the CLI instead (the \copy baseline stays CSV); the load
 * average before and after is printed, since the figures mean little on a busy machine.
 *
 *   npm run build -w backend && node scripts/bench/export.mjs [--rows N] [--format csv|jsonl|xlsx] [--json] [--keep-files]
 *
 * Import `runExportBench({ rows, format })` to use it from an aggregator; it resolves to the summary object that
 * `--json` prints as the last line. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/postgres, used only to create and drop the temporary database) and psql.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const pg = require(join(ROOT, 'node_modules/pg'));

export const TARGET_MAX_RSS_MB = 200;
export const TARGET_MIN_SPEED_RATIO = 1 / 3;

const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs a command, sampling its peak resident memory (VmHWM, else the highest VmRSS seen) from /proc. */
function runMeasured(command, args, env) {
  return new Promise((resolvePromise, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let peakKb = 0;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        for (const key of ['VmHWM', 'VmRSS']) {
          const kb = Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
          peakKb = Math.max(peakKb, kb);
        }
      } catch {
        // The process has just exited; the last sample stands.
      }
    };
    const timer = setInterval(sample, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
      else resolvePromise({ seconds, peakRssMb: peakKb / 1024 });
    });
  });
}

/** One INSERT ... SELECT: realistic sizes, all three types, accents, quotes, commas and line breaks. */
const SEED_SQL = `
INSERT INTO submissions (id, type, language, name, email, phone, location, subject, message, category,
  speaks_dutch, availability, motivation, experience, skills, spoken_languages, preferred_contact, family_size,
  help_type, description, created_at, email_status, email_attempts, email_last_error, email_sent_at)
SELECT gen_random_uuid(),
  (ARRAY['volunteer','contact','help-request'])[1 + i % 3],
  (ARRAY['nl','en','es'])[1 + i % 3],
  (ARRAY['José Müller','Anna de Vries','Zoë Çelik','François Dubois','Łukasz Nowak','María Fernández'])[1 + i % 6]
    || ' ' || i,
  'persoon' || i || '@example.org',
  '+31 6 ' || lpad((i % 100000000)::text, 8, '0'),
  CASE WHEN i % 3 = 0 THEN 'local' WHEN i % 3 = 1 THEN 'Utrecht, Nederland' ELSE 'Den Haag' END,
  CASE WHEN i % 3 = 1 THEN 'Vraag over vrijwilligerswerk nr. ' || i END,
  CASE WHEN i % 3 <> 0 THEN 'Goedemiddag, ik heb een vraag over "de aanvraag" van ' || i
    || E', graag hoor ik van u.\\nMet vriendelijke groet, ' || repeat('één twee drie ', 8) END,
  CASE WHEN i % 3 = 0 THEN (ARRAY['admin','tech','creative','practical-help'])[1 + i % 4] END,
  CASE WHEN i % 3 = 0 THEN i % 2 = 0 END,
  CASE WHEN i % 3 = 0 THEN '2-5-hours' END,
  CASE WHEN i % 3 = 0 THEN 'Ik wil graag helpen omdat ' || repeat('het werk van de stichting belangrijk is. ', 6) END,
  CASE WHEN i % 3 = 0 THEN 'Tien jaar ervaring in het onderwijs, ook met kinderen.' END,
  CASE WHEN i % 3 = 0 THEN ARRAY['communication','design','events'] ELSE ARRAY[]::text[] END,
  ARRAY['dutch','english'],
  (ARRAY['email','phone','both'])[1 + i % 3],
  CASE WHEN i % 3 = 2 THEN 1 + i % 6 END,
  CASE WHEN i % 3 = 2 THEN (ARRAY['food','housing','education','medical'])[1 + i % 4] END,
  CASE WHEN i % 3 = 2 THEN 'Wij zijn met ' || (1 + i % 6) || ' personen en zoeken hulp bij ' || repeat('huisvesting ', 10) END,
  now() - make_interval(secs => i * 30),
  (CASE WHEN i % 50 = 0 THEN 'dead' ELSE 'sent' END)::"EmailStatus",
  CASE WHEN i % 50 = 0 THEN 5 ELSE 1 END,
  CASE WHEN i % 50 = 0 THEN '421 4.7.0 Try again later, closing connection' END,
  CASE WHEN i % 50 <> 0 THEN now() - make_interval(secs => i * 30 - 5) END
FROM generate_series(1, $1::int) AS i`;

export const BENCH_FORMATS = ['csv', 'jsonl', 'xlsx'];

const loadAverage = () => loadavg().map((n) => Number(n.toFixed(2)));

export async function runExportBench({
  rows = 1_000_000,
  format = 'csv',
  log = (line) => process.stderr.write(`${line}\n`),
  keepFiles = false,
} = {}) {
  if (!BENCH_FORMATS.includes(format)) throw new Error(`unknown format "${format}"`);
  const dist = process.env.BENCH_BACKEND_DIST ?? join(ROOT, 'backend/dist');
  const cli = join(dist, 'cli/export.js');
  const { findDataset } = require(join(dist, 'exports/export-datasets.js'));
  const { buildPlainQuery } = require(join(dist, 'exports/export-query.js'));
  const name = `bench_export_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = withDatabase(SERVER_URL, name);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  await admin(`CREATE DATABASE "${name}"`);
  try {
    await runMeasured(process.execPath, [join(dist, 'cli/migrate.js')], { DATABASE_URL: url });
    log(`seeding ${rows.toLocaleString('en-US')} submissions ...`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const seedStarted = Date.now();
    await client.query(SEED_SQL, [rows]);
    await client.query('ANALYZE submissions');
    await client.end();
    log(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    // \copy of the same rows and columns, in the same order, as plain database values: PostgreSQL's own CSV.
    const copyQuery = buildPlainQuery(findDataset('submissions'));
    const copyFile = join(workDir, 'copy.csv');
    const cliFile = join(workDir, `cli.${format}`);

    const loadBefore = loadAverage();
    log('psql \\copy ...');
    const copy = await runMeasured('psql', [
      url,
      '-X',
      '-q',
      '-c',
      `\\copy (${copyQuery}) TO '${copyFile}' CSV HEADER`,
    ]);
    log(`export CLI (${format}) ...`);
    const cliRun = await runMeasured(process.execPath, [cli, 'submissions', '--output', cliFile], {
      DATABASE_URL: url,
    });
    const loadAfter = loadAverage();

    const result = (run, file) => ({
      seconds: Number(run.seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / run.seconds),
      peakRssMb: Number(run.peakRssMb.toFixed(1)),
      fileMb: Number((statSync(file).size / 1024 / 1024).toFixed(1)),
    });
    const summary = {
      benchmark: 'export',
      rows,
      format,
      loadAverage: { before: loadBefore, after: loadAfter },
      cli: result(cliRun, cliFile),
      copy: result(copy, copyFile),
    };
    summary.speedRatio = Number((summary.cli.rowsPerSecond / summary.copy.rowsPerSecond).toFixed(2));
    summary.targets = {
      rssUnder200Mb: summary.cli.peakRssMb < TARGET_MAX_RSS_MB,
      atLeastThirdOfCopySpeed: summary.speedRatio >= TARGET_MIN_SPEED_RATIO,
    };
    if (keepFiles) summary.files = { cli: cliFile, copy: copyFile };
    return summary;
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (!keepFiles) rmSync(workDir, { recursive: true, force: true });
  }
}

export function formatSummary(summary) {
  const row = (label, r) =>
    `${label.padEnd(14)} ${String(summary.rows).padStart(9)} ${r.seconds.toFixed(2).padStart(8)} ` +
    `${r.rowsPerSecond.toLocaleString('en-US').padStart(10)} ${r.peakRssMb.toFixed(1).padStart(12)} ${r.fileMb.toFixed(1).padStart(8)}`;
  const met = (ok) => (ok ? 'met' : 'NOT met');
  return [
    `${'tool'.padEnd(14)} ${'rows'.padStart(9)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(10)} ${'peak RSS MB'.padStart(12)} ${'file MB'.padStart(8)}`,
    row(`export ${summary.format ?? 'csv'}`, summary.cli),
    row('psql \\copy', summary.copy),
    `speed ratio (CLI / \\copy): ${summary.speedRatio}`,
    `target peak RSS < ${TARGET_MAX_RSS_MB} MB: ${met(summary.targets.rssUnder200Mb)}`,
    `target >= 1/3 of \\copy's rows/s: ${met(summary.targets.atLeastThirdOfCopySpeed)}`,
    ...(summary.loadAverage
      ? [
          `load average (1, 5, 15 min) before: ${summary.loadAverage.before.join(' ')}, after: ${summary.loadAverage.after.join(' ')}`,
        ]
      : []),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      format: { type: 'string', default: 'csv' },
      json: { type: 'boolean', default: false },
      'keep-files': { type: 'boolean', default: false },
    },
  });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1) {
    console.error(`--rows must be a positive whole number (got "${values.rows}")`);
    process.exit(2);
  }
  if (!BENCH_FORMATS.includes(values.format)) {
    console.error(`--format must be one of ${BENCH_FORMATS.join(', ')} (got "${values.format}")`);
    process.exit(2);
  }
  runExportBench({ rows, format: values.format, keepFiles: values['keep-files'] }).then(
    (summary) => {
      console.log(formatSummary(summary));
      if (values.json) console.log(JSON.stringify(summary));
    },
    (error) => {
      console.error(`export benchmark failed: ${error.message}`);
      process.exit(1);
    },
  );
}
