#!/usr/bin/env node
/**
 * `npm run audit:tasks -- [--runs 5] [PATH...]`: the main thread's tasks after the first paint, as Chromium records
 * them in its own trace, without throttling. Lighthouse multiplies these tasks by 4 in its mobile simulation and
 * counts what is over 50 ms as blocking (docs/benchmarks.md §2.4), so a task over 12.5 ms here is one it counts; its
 * score also moves with the machine's speed, which this view does not. For each load it prints the tasks of 4 ms or
 * more after the first contentful paint (start after FCP + duration, in ms, and what ran in them), and per page the
 * longest task of our scripts (one that compiled or evaluated a module, or ran a function of the page's scripts, the
 * inline boot script included), the tasks' blocking time at 4x, and how long V8 compiled functions on the main thread
 * when they were first called (what it did not compile in the background while the script downloaded; docs/benchmarks.md
 * §5.4).
 *
 * Against the production build served by backend/dist/main.js with a fresh database, like `npm run audit`; Chromium
 * from CHROMIUM_PATH or /usr/bin/chromium, driven by playwright-core. Default pages: /, /ons-team, /en/donate.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startApp, withDatabase } from '../bench/server.mjs';
import CHROMIUM_FLAGS from '../chromium-flags.json' with { type: 'json' };

const { values: options, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number >= 1, not ${options.runs}`);
  process.exit(2);
}
const paths = positionals.length ? positionals : ['/', '/ons-team', '/en/donate'];
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.compile',
  'loading',
];
const SHOWN_TASK_MS = 4;
/** Trace events inside a task that say what it was. */
const WORK = /^(EvaluateScript|v8\.compileModule|v8\.evaluateModule|FunctionCall|TimerFire|ParseHTML|Layout|Paint)$/;

/** The renderer's main thread of the page: the one that recorded the first contentful paint. */
function pageMainThread(events) {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  return { pid: fcp.pid, tid: fcp.tid, fcpTs: fcp.ts };
}

const contains = (outer, inner) => outer.ts <= inner.ts && outer.ts + outer.dur >= inner.ts + inner.dur;

function describeLoad(events) {
  const { pid, tid, fcpTs } = pageMainThread(events);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts > fcpTs);
  return tasks.map((task) => {
    const inside = onMain.filter((event) => event !== task && contains(task, event));
    const work = [...new Set(inside.filter((event) => WORK.test(event.name)).map((event) => event.name))];
    const ours = inside.some((event) => /^v8\.(compileModule|evaluateModule)$|^FunctionCall$/.test(event.name));
    // V8 compiling a function the first time it is called, on this thread (not in the background while the
    // script downloaded): the outermost compile events only, as one can hold another.
    const compiles = inside.filter((event) => event.name === 'V8.CompileCode');
    const compileMs = compiles
      .filter((event) => !compiles.some((outer) => outer !== event && contains(outer, event)))
      .reduce((sum, event) => sum + event.dur / 1000, 0);
    return { startMs: (task.ts - fcpTs) / 1000, ms: task.dur / 1000, work, ours, compileMs };
  });
}

const blockingAt4x = (tasks) => tasks.reduce((sum, task) => sum + Math.max(0, task.ms * 4 - 50), 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => value.toFixed(1);

await withDatabase(async (databaseUrl) => {
  const { app, url } = await startApp(databaseUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const path of paths) {
      const longestOfOurs = [];
      const blocking = [];
      const compiling = [];
      for (let run = 1; run <= runs; run++) {
        // A new context is a new profile: nothing cached, as for a first visit. A Dutch browser, as in `npm run audit`.
        const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': 'nl-NL,nl;q=0.9' } });
        const page = await context.newPage();
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(new URL(path, url).href, { waitUntil: 'load' });
        // Hydration runs after the load event: wait until the page's scripts have settled.
        await page.waitForTimeout(1_500);
        const tasks = describeLoad(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
        await context.close();
        longestOfOurs.push(Math.max(0, ...tasks.filter((task) => task.ours).map((task) => task.ms)));
        blocking.push(blockingAt4x(tasks));
        compiling.push(tasks.reduce((sum, task) => sum + task.compileMs, 0));
        const shown = tasks
          .filter((task) => task.ms >= SHOWN_TASK_MS)
          .map((task) => `${ms(task.startMs)}+${ms(task.ms)}${task.work.length ? ` [${task.work.join(' ')}]` : ''}`);
        console.log(`${path} run ${run}: blocking at 4x ${ms(blockingAt4x(tasks))} ms; ${shown.join('  ')}`);
      }
      console.log(
        `${path}: longest task of our scripts ${longestOfOurs.map(ms).join(', ')} ms (median ${ms(median(longestOfOurs))}); ` +
          `blocking at 4x median ${ms(median(blocking))} ms; compiling on the main thread median ` +
          `${ms(median(compiling))} ms\n`,
      );
    }
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }
}, 'site_tasks');
