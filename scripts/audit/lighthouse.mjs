#!/usr/bin/env node
/**
 * `npm run audit`: Lighthouse (default mobile settings: simulated throttling, mobile form factor) on every
 * prerendered page (contracts' ALL_PAGES: 17 pages x nl/en/es), one after another, against the production build
 * served by backend/dist/main.js on a free loopback port with a freshly created and migrated database.
 * Prints a table and a summary against the targets in docs/benchmarks.md §2.4 (performance >= 98, accessibility, best
 * practices and SEO 100; LCP within 100 ms of FCP and at most 1 s, TBT at most 50 ms; on every page) and writes a JSON file with the scores, metrics and every audit below full score.
 * A low score is a measurement, not a failure (exit 0); exit 1 if Lighthouse, Chromium or the server could not run.
 * Before the first page and after the last, it also measures a control page (two lines of text, no script, no image,
 * served by this script): what Chromium's own work for a navigation costs in the same metrics on this machine, so that a
 * page's TBT can be read against it (docs/benchmarks.md §2.4). It does so twice per run: as it is, and with the site's
 * Cross-Origin-Opener-Policy header, which makes Chromium open the page in a new renderer process, as it does for
 * every page of the site.
 *
 *   npm run build && npm run audit -- [--pages /,/en/contact] [--runs 3] [--out docs/lighthouse.json] [--lhr-dir DIR]
 *
 * --runs N takes Lighthouse's median run of N per page (computeMedianRun: median FCP and TTI).
 * --lhr-dir writes every full Lighthouse result (one JSON per page and run) for a closer look.
 * Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL), Chromium at /usr/bin/chromium (or CHROMIUM_PATH)
 * and openssl (for the js.stripe.com stand-in's certificate, see startStripeJsStandIn).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { ROOT, startApp, withDatabase } from '../bench/server.mjs';
import CHROMIUM_FLAGS from '../chromium-flags.json' with { type: 'json' };

const require = createRequire(import.meta.url);
const { ALL_PAGES, UNLISTED_PAGES } = require(join(ROOT, 'contracts/dist/index.js'));

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
/**
 * The paint targets (docs/benchmarks.md §2.4), on every page's median run: the largest paint comes with the first
 * (the content is in the first response, so nothing should paint it again later), soon, and the main thread is free.
 */
const PAINT_TARGETS = { lcpAfterFcpMs: 100, lcpMs: 1_000, tbtMs: 50 };
function paintMisses({ fcpMs, lcpMs, tbtMs }) {
  const misses = [];
  if (!(lcpMs - fcpMs <= PAINT_TARGETS.lcpAfterFcpMs)) misses.push(`LCP ${lcpMs - fcpMs} ms after FCP`);
  if (!(lcpMs <= PAINT_TARGETS.lcpMs)) misses.push(`LCP ${lcpMs} ms`);
  if (!(tbtMs <= PAINT_TARGETS.tbtMs)) misses.push(`TBT ${tbtMs} ms`);
  return misses;
}
/**
 * A Dutch visitor's browser: "/" is then the Dutch home page itself, not the server's first-load redirect to /en
 * or /es (docs/product.md §2), which a browser in en-US gets; /en and /es pages are audited by their own paths. Sent as a
 * header on every request, because headless Chromium ignores --lang for Accept-Language (the redirect showed it).
 */
const DUTCH_BROWSER = 'nl-NL,nl;q=0.9';
const STRIPE_JS_HOST = 'js.stripe.com';
const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', multiple: true },
    runs: { type: 'string', default: '1' },
    out: { type: 'string', default: join(ROOT, 'docs/lighthouse.json') },
    'lhr-dir': { type: 'string' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) usage(`--runs must be a whole number >= 1, not ${options.runs}`);
const known = new Map(ALL_PAGES.map((entry) => [entry.path, entry]));
const wanted = options.pages?.flatMap((list) => list.split(',')).map((path) => path.trim()) ?? [];
for (const path of wanted) if (!known.has(path)) usage(`unknown page ${path}; known: ${[...known.keys()].join(' ')}`);
const pages = wanted.length ? ALL_PAGES.filter((entry) => wanted.includes(entry.path)) : ALL_PAGES;

function usage(message) {
  console.error(`lighthouse audit: ${message}`);
  process.exit(2);
}

/**
 * A loopback stand-in for js.stripe.com, which this machine cannot reach (no internet): the donate pages load
 * Stripe.js in the background (docs/product.md §7), and an unresolvable host is a console error that costs best practices
 * points no visitor would see. Chromium resolves js.stripe.com to this HTTPS server (self-signed certificate,
 * accepted by --ignore-certificate-errors); it serves a few bytes that define `Stripe`, so the real script's own
 * download and run time are not in the donate pages' figures (docs/benchmarks.md says so).
 */
async function startStripeJsStandIn() {
  const dir = mkdtempSync(join(tmpdir(), 'site-lighthouse-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const openssl = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-subj', `/CN=${STRIPE_JS_HOST}`, '-addext', `subjectAltName=DNS:${STRIPE_JS_HOST}`],
    ...['-keyout', keyFile, '-out', certFile],
  ]);
  if (openssl.status !== 0) throw new Error(`openssl could not make a certificate: ${openssl.stderr}`);
  const server = createHttpsServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    req.resume();
    res.writeHead(req.url === '/basil/stripe.js' ? 200 : 404, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'max-age=60',
    });
    res.end('window.Stripe=window.Stripe||function Stripe(){return{}};');
  });
  rmSync(dir, { recursive: true, force: true });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return { port: server.address().port, close: () => server.close() };
}

/**
 * The control page: a Dutch page with a heading and a sentence, its title and description, and nothing else. Whatever
 * TBT or gap between the paints Lighthouse reports for it is Chromium's and Lighthouse's own on this machine.
 */
const CONTROL_PAGE =
  '<!doctype html><html lang="nl"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Controlepagina</title>' +
  '<meta name="description" content="Een pagina zonder script, om mee te vergelijken."><link rel="icon" href="data:,">' +
  '</head><body><main><h1>Controlepagina</h1><p>Twee regels tekst, geen script en geen afbeelding.</p></main></body></html>';
/**
 * The control page is served twice: at `/` with no policy headers, and at `/coop` with the opener policy every page of
 * the site sends (helmet's default, `same-origin`; backend/src/app.factory.ts). Lighthouse navigates from about:blank,
 * and a page with that policy cannot share the blank page's browsing context group, so Chromium commits it in a new
 * renderer process, where creating the page's JavaScript context takes about twice as long (docs/benchmarks.md §2.4). The site's other
 * headers do not change where a page is placed.
 */
const CONTROL_VARIANTS = {
  plain: { path: '/', headers: {} },
  coop: { path: '/coop', headers: { 'cross-origin-opener-policy': 'same-origin' } },
};
async function startControlPage() {
  const server = createHttpServer((req, res) => {
    req.resume();
    const variant = Object.values(CONTROL_VARIANTS).find((entry) => entry.path === req.url);
    res.writeHead(variant ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...variant?.headers,
    });
    res.end(variant ? CONTROL_PAGE : '');
  });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { urlOf: (variant) => `${origin}${CONTROL_VARIANTS[variant].path}`, close: () => server.close() };
}

/** Debian's Chromium, headless, on a DevTools port it picks itself, with a new empty profile. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'site-lighthouse-'));
  const flags = [
    `--host-resolver-rules=MAP ${STRIPE_JS_HOST} 127.0.0.1:${stripeJs.port}`,
    '--ignore-certificate-errors',
    '--headless',
    ...CHROMIUM_FLAGS, // the end-to-end tests' Chromium (playwright.config.ts)
    '--lang=nl-NL', // the interface; headless Chromium still sends Accept-Language en-US (see DUTCH_BROWSER)
    `--user-data-dir=${profile}`,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    'about:blank',
  ];
  // Its own process group, so closing it also ends the renderer and helper processes it started.
  const chromium = spawn(CHROMIUM, flags, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const close = () => {
    try {
      if (chromium.exitCode === null) process.kill(-chromium.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const port = await new Promise((resolvePort, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools in 30 s:\n${stderr}`)), 30_000);
    chromium.on('error', (error) => reject(new Error(`could not start ${CHROMIUM}: ${error.message}`)));
    chromium.on('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)));
    chromium.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
  }).catch((error) => {
    close();
    throw error;
  });
  chromium.stderr.resume();
  return { port, close };
}

const round = (value, digits = 0) => (value == null ? null : Number(value.toFixed(digits)));
const clip = (text) => (typeof text === 'string' && text.length > 300 ? `${text.slice(0, 297)}...` : text);

/** The few fields of an audit's detail rows that say where the problem is (elements, URLs, messages). */
function compactItems(details) {
  const items = Array.isArray(details?.items) ? details.items : []; // some insights keep an object there
  return items.slice(0, 8).map((item) => {
    const out = {};
    for (const key of ['description', 'source', 'url', 'href', 'text', 'label', 'directive', 'severity']) {
      if (typeof item[key] === 'string' || typeof item[key] === 'number') out[key] = clip(item[key]);
    }
    const node = item.node ?? item.element;
    if (node?.selector) out.selector = clip(node.selector);
    if (node?.snippet) out.snippet = clip(node.snippet);
    if (node?.explanation) out.explanation = clip(node.explanation);
    if (item.sourceLocation?.url) out.sourceUrl = clip(item.sourceLocation.url);
    if (item.subItems?.items?.length) out.subItems = compactItems(item.subItems);
    return out;
  });
}

/**
 * Every audit that keeps a category below full score: in accessibility, best practices and SEO every scored
 * audit below 1; in performance the weighted metrics below 1 and the insights/diagnostics scored below 0.9.
 */
function auditsBelowFull(lhr) {
  const found = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode))
        continue;
      const limit = category === 'performance' && ref.weight === 0 ? 0.9 : 1;
      if (audit.score >= limit) continue;
      auditDescriptions[ref.id] = audit.description;
      found.push({
        category,
        id: ref.id,
        weight: ref.weight,
        score: audit.score,
        title: audit.title,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        items: compactItems(audit.details),
      });
    }
  }
  return found;
}

function summarise(entry, lhr, allRuns) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, round((lhr.categories[category]?.score ?? NaN) * 100)]),
  );
  return {
    path: entry.path,
    page: entry.page,
    language: entry.language,
    scores,
    metrics: {
      lcpMs: round(lhr.audits['largest-contentful-paint']?.numericValue),
      cls: round(lhr.audits['cumulative-layout-shift']?.numericValue, 3),
      tbtMs: round(lhr.audits['total-blocking-time']?.numericValue),
      fcpMs: round(lhr.audits['first-contentful-paint']?.numericValue),
      speedIndexMs: round(lhr.audits['speed-index']?.numericValue),
    },
    benchmarkIndex: round(lhr.environment?.benchmarkIndex),
    runs: allRuns.map((run) => ({
      performance: round(run.categories.performance.score * 100),
      fcpMs: round(run.audits['first-contentful-paint']?.numericValue),
      lcpMs: round(run.audits['largest-contentful-paint']?.numericValue),
      tbtMs: round(run.audits['total-blocking-time']?.numericValue),
      benchmarkIndex: round(run.environment?.benchmarkIndex),
    })),
    runWarnings: lhr.runWarnings ?? [],
    auditsBelowFull: auditsBelowFull(lhr),
  };
}

/**
 * A page only an email's link opens tells search engines not to index it (docs/product.md §2.1): for those pages
 * Lighthouse's "Page is blocked from indexing" is the intended answer, and SEO counts as met when it is the only SEO
 * audit below full score.
 */
function meetsTarget(result, category) {
  if (result.scores[category] >= TARGETS[category]) return true;
  if (category !== 'seo' || !UNLISTED_PAGES.has(result.page)) return false;
  const seoMisses = result.auditsBelowFull.filter((audit) => audit.category === 'seo').map((audit) => audit.id);
  return seoMisses.length === 1 && seoMisses[0] === 'is-crawlable';
}

const median = (values) => {
  const sorted = values.filter((value) => value != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const started = Date.now();
const loadSamples = [loadavg()[0]];
const sampler = setInterval(() => loadSamples.push(loadavg()[0]), 5_000);
const results = [];
const errors = [];
const retried = [];
/** Lighthouse's explanation of each audit listed, once for the whole file rather than once per page. */
const auditDescriptions = {};
let lighthouseVersion;
let userAgent;
let configSettings;

const stripeJs = await startStripeJsStandIn();
const control = await startControlPage();
const controlRuns = [];
const controlCoopRuns = [];
/**
 * `runs` Lighthouse runs of each control variant, alternating; a run that fails is left out (the pages' runs report
 * failures).
 */
async function measureControlPage(port) {
  for (let run = 1; run <= runs; run += 1) {
    await measureControlRun(port, 'plain', controlRuns);
    await measureControlRun(port, 'coop', controlCoopRuns);
  }
}
async function measureControlRun(port, variant, into) {
  try {
    const result = await lighthouse(control.urlOf(variant), {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) return;
    into.push({
      fcpMs: round(lhr.audits['first-contentful-paint']?.numericValue),
      lcpMs: round(lhr.audits['largest-contentful-paint']?.numericValue),
      tbtMs: round(lhr.audits['total-blocking-time']?.numericValue),
      benchmarkIndex: round(lhr.environment?.benchmarkIndex),
    });
  } catch {
    // measured again after the pages
  }
}
try {
  await withDatabase(async (databaseUrl) => {
    const { app, url } = await startApp(databaseUrl);
    let chromium;
    try {
      chromium = await launchChromium();
      if (options['lhr-dir']) mkdirSync(options['lhr-dir'], { recursive: true });
      await measureControlPage(chromium.port);
      for (const [index, entry] of pages.entries()) {
        const lhrs = [];
        for (let run = 1; run <= runs; run += 1) {
          // A run that fails for the trace's sake (NO_NAVSTART, NO_FCP under heavy load: "Please run Lighthouse
          // again") is retried in a new Chromium; only three failures in a row count as "could not run".
          for (let attempt = 1; ; attempt += 1) {
            try {
              const result = await lighthouse(`${url}${entry.path}`, {
                port: chromium.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: CATEGORIES,
                extraHeaders: { 'Accept-Language': DUTCH_BROWSER },
              });
              const lhr = result?.lhr;
              if (!lhr) throw new Error('Lighthouse returned no result');
              if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
              lighthouseVersion = lhr.lighthouseVersion;
              userAgent = lhr.environment?.hostUserAgent;
              const { formFactor, throttlingMethod, throttling, screenEmulation } = lhr.configSettings;
              configSettings = { formFactor, throttlingMethod, throttling, screenEmulation };
              lhrs.push(lhr);
              if (options['lhr-dir']) {
                const name = `${entry.path.replace(/^\//, '').replace(/\//g, '_') || 'nl-home'}.run${run}.json`;
                writeFileSync(join(options['lhr-dir'], name), result.report);
              }
              break;
            } catch (error) {
              console.error(`${entry.path} run ${run} attempt ${attempt}: Lighthouse could not run: ${error.message}`);
              retried.push({ path: entry.path, run, attempt, error: error.message });
              chromium.close();
              chromium = await launchChromium();
              if (attempt === 3) {
                errors.push({ path: entry.path, run, error: error.message });
                break;
              }
            }
          }
        }
        if (!lhrs.length) continue;
        const summary = summarise(entry, computeMedianRun(lhrs), lhrs);
        results.push(summary);
        const s = summary.scores;
        console.error(
          `[${index + 1}/${pages.length}] ${entry.path}: ${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo}` +
            ` (load ${loadavg()[0].toFixed(2)})`,
        );
      }
      await measureControlPage(chromium.port);
    } finally {
      chromium?.close();
      app.kill('SIGTERM');
      await new Promise((r) => {
        if (app.exitCode !== null) return r();
        app.once('exit', r);
        setTimeout(() => app.kill('SIGKILL'), 10_000).unref();
      });
    }
  }, 'site_audit');
} catch (error) {
  clearInterval(sampler);
  stripeJs.close();
  control.close();
  console.error(`lighthouse audit: could not run: ${error.stack ?? error.message}`);
  process.exit(1);
}
clearInterval(sampler);
stripeJs.close();
control.close();
loadSamples.push(loadavg()[0]);

// --- Report ---
const headers = ['path', 'perf', 'a11y', 'bp', 'seo', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms'];
const table = results.map((r) => [
  r.path,
  r.scores.performance,
  r.scores.accessibility,
  r.scores['best-practices'],
  r.scores.seo,
  r.metrics.fcpMs,
  r.metrics.lcpMs,
  r.metrics.cls,
  r.metrics.tbtMs,
]);
const widths = headers.map((header, column) =>
  Math.max(header.length, ...table.map((row) => String(row[column]).length)),
);
const line = (cells) =>
  cells
    .map((cell, column) =>
      String(cell)
        .padStart(column ? widths[column] : 0)
        .padEnd(column ? 0 : widths[0]),
    )
    .join('  ');
console.log(line(headers));
for (const row of table) console.log(line(row));

const summary = {};
for (const category of CATEGORIES) {
  const scores = results.map((r) => r.scores[category]);
  const below = results.filter((r) => !meetsTarget(r, category)).map((r) => r.path);
  summary[category] = {
    target: TARGETS[category],
    worst: scores.length ? Math.min(...scores) : null,
    median: median(scores),
    pagesBelowTarget: below,
    met: results.length === pages.length && below.length === 0,
  };
}
// The paint targets read two ways: on Lighthouse's median run (the run nearest the median FCP and TTI, whose TBT can
// be any of the runs'), and on each metric's own median over the runs (the gap as the median of each run's gap).
const paintMissed = results
  .map((r) => ({ path: r.path, misses: paintMisses(r.metrics) }))
  .filter((r) => r.misses.length);
const runMedians = (r) => {
  const gapMs = median(r.runs.map((run) => run.lcpMs - run.fcpMs));
  return { lcpMs: median(r.runs.map((run) => run.lcpMs)), tbtMs: median(r.runs.map((run) => run.tbtMs)), gapMs };
};
const paintMissedOnMedians = results
  .map((r) => {
    const m = runMedians(r);
    return { path: r.path, misses: paintMisses({ fcpMs: m.lcpMs - m.gapMs, lcpMs: m.lcpMs, tbtMs: m.tbtMs }) };
  })
  .filter((r) => r.misses.length);
const paint = {
  targets: PAINT_TARGETS,
  pagesMissing: paintMissed,
  met: results.length === pages.length && paintMissed.length === 0,
  pagesMissingOnMetricMedians: paintMissedOnMedians,
  metOnMetricMedians: results.length === pages.length && paintMissedOnMedians.length === 0,
};
const medians = {
  fcpMs: median(results.map((r) => r.metrics.fcpMs)),
  lcpMs: median(results.map((r) => r.metrics.lcpMs)),
  cls: median(results.map((r) => r.metrics.cls)),
  tbtMs: median(results.map((r) => r.metrics.tbtMs)),
  benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
};
const range = (values) => (values.length ? `${Math.min(...values)}-${Math.max(...values)}` : 'not measured');
const controlMedians = (list) => ({
  fcpMs: median(list.map((run) => run.fcpMs)),
  lcpAfterFcpMs: median(list.map((run) => run.lcpMs - run.fcpMs)),
  tbtMs: median(list.map((run) => run.tbtMs)),
  benchmarkIndex: median(list.map((run) => run.benchmarkIndex)),
});
const controlPage = {
  description: 'a heading and a sentence, no script, no image, served on loopback by the audit itself',
  runs: controlRuns,
  median: controlMedians(controlRuns),
  withSiteOpenerPolicy: {
    description: "the same page with the site's Cross-Origin-Opener-Policy: same-origin (a new renderer process)",
    runs: controlCoopRuns,
    median: controlMedians(controlCoopRuns),
  },
};
const load = {
  start: round(loadSamples[0], 2),
  max: round(Math.max(...loadSamples), 2),
  mean: round(loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length, 2),
  end: round(loadSamples.at(-1), 2),
};
const seconds = Math.round((Date.now() - started) / 1000);

console.log('');
for (const category of CATEGORIES) {
  const s = summary[category];
  const goal = category === 'performance' ? `>= ${s.target}` : `${s.target}`;
  console.log(
    `${category.padEnd(15)} worst ${String(s.worst).padStart(3)}  median ${String(s.median).padStart(5)}  target ${goal} on every page: ` +
      (s.met
        ? 'met'
        : `NOT met (${s.pagesBelowTarget.length} of ${results.length} measured pages below` +
          `${results.length < pages.length ? `, ${pages.length - results.length} pages not measured` : ''})`),
  );
}
console.log(
  `paint           LCP within ${PAINT_TARGETS.lcpAfterFcpMs} ms of FCP, LCP <= ${PAINT_TARGETS.lcpMs} ms, ` +
    `TBT <= ${PAINT_TARGETS.tbtMs} ms on every page: ` +
    (paint.met
      ? 'met'
      : `NOT met (${paintMissed.length} of ${results.length} measured pages` +
        `${results.length < pages.length ? `, ${pages.length - results.length} pages not measured` : ''})`),
);
for (const { path, misses } of paintMissed) console.log(`  ${path}: ${misses.join(', ')}`);
console.log(
  `paint, on each metric's median over the runs: ` +
    (paint.metOnMetricMedians ? 'met' : `NOT met (${paintMissedOnMedians.length} of ${results.length} measured pages)`),
);
for (const { path, misses } of paintMissedOnMedians) console.log(`  ${path}: ${misses.join(', ')}`);
console.log(
  `median over pages: FCP ${medians.fcpMs} ms, LCP ${medians.lcpMs} ms, CLS ${medians.cls}, TBT ${medians.tbtMs} ms; ` +
    `Lighthouse benchmarkIndex ${medians.benchmarkIndex}`,
);
for (const [label, list] of [
  ['control page', controlRuns],
  ["control page with the site's opener policy", controlCoopRuns],
]) {
  const m = controlMedians(list);
  console.log(
    `${label} (no script, ${list.length} runs): FCP ${m.fcpMs} ms, LCP after FCP ${m.lcpAfterFcpMs} ms, TBT ${m.tbtMs} ms ` +
      `(${range(list.map((run) => run.tbtMs))}); benchmarkIndex ${m.benchmarkIndex}`,
  );
}
console.log(
  `${results.length} of ${pages.length} pages, ${runs} run(s) each, ${seconds} s; load average (1 min) ` +
    `start ${load.start}, mean ${load.mean}, max ${load.max}, end ${load.end} on ${availableParallelism()} cores`,
);
const allMet = CATEGORIES.every((category) => summary[category].met) && paint.met;
console.log(
  `targets (performance >= 98, the other three 100, the paint targets, every page): ${allMet ? 'met' : 'NOT met'}`,
);

const byAudit = new Map();
for (const r of results) {
  for (const audit of r.auditsBelowFull) {
    const key = `${audit.category}\t${audit.id}`;
    const seen = byAudit.get(key) ?? { ...audit, pages: [] };
    seen.pages.push(r.path);
    byAudit.set(key, seen);
  }
}
if (byAudit.size) {
  console.log('\naudits below full score (category, audit, pages, title):');
  const sorted = [...byAudit.values()].sort(
    (a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || b.pages.length - a.pages.length,
  );
  for (const audit of sorted) {
    console.log(
      `  ${SHORT[audit.category].padEnd(4)} ${audit.id.padEnd(34)} ${String(audit.pages.length).padStart(2)}  ${audit.title}`,
    );
    if (audit.category === 'performance') continue;
    // Outside performance every such audit costs points: say where (first page's explanation and first rows).
    const item = audit.items[0];
    const where = [audit.explanation, item?.description, item?.sourceUrl ?? item?.url, item?.selector].filter(Boolean);
    console.log(`       ${audit.pages.join(' ')}${where.length ? `: ${where.join(' | ')}` : ''}`);
  }
}

const out = resolve(options.out);
mkdirSync(dirname(out), { recursive: true });
const report = JSON.stringify(
  {
    measuredAt: new Date(started).toISOString(),
    command: `npm run audit${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    lighthouseVersion,
    userAgent,
    settings: { ...configSettings, runsPerPage: runs, categories: CATEGORIES },
    durationSeconds: seconds,
    loadAverage1m: load,
    cores: availableParallelism(),
    targets: TARGETS,
    summary,
    paint,
    medians,
    controlPage,
    allTargetsMet: allMet,
    errors,
    retried,
    pages: results,
    auditDescriptions,
  },
  null,
  2,
);
// Formatted as the repository's Prettier settings would, so `npm run format` leaves the file alone.
const prettier = await import('prettier').catch(() => undefined);
const prettierOptions = prettier && { ...(await prettier.resolveConfig(out)), filepath: out };
writeFileSync(out, prettier ? await prettier.format(report, prettierOptions) : `${report}\n`);
console.log(`\nwrote ${out}`);
process.exit(errors.length ? 1 : 0);
