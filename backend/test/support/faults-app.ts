import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { keepAppLog } from './app-log';
import type { HttpStub } from './http-stub';
import { SmtpSink } from './smtp-sink';
import { StripeStub } from './stripe-stub';
import { postJson, sendEmailBody, sql, waitFor } from './submissions';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_STAFF_EMAIL, TEST_TURNSTILE_SECRET, testEnv } from './test-env';
import { createTurnstileStub } from './turnstile-stub';

/**
 * Fault tests run the production build as child processes, so they can be killed with SIGKILL,
 * started twice, or left running while their database goes away.
 */
export const REPO_ROOT = join(__dirname, '../../..');
export const MAIN_JS = join(REPO_ROOT, 'backend/dist/main.js');
export const WORKER_JS = join(REPO_ROOT, 'backend/dist/worker.js');
export const ENTRYPOINT = join(REPO_ROOT, 'docker/entrypoint.sh');

export function requireBuild(): void {
  if (!existsSync(MAIN_JS)) throw new Error('Build first: npm run build -w backend (the test runs dist/main.js)');
}

/** A port nobody listens on right now (the child process is told to use it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The loopback stand-ins every app process of a test shares: SMTP sink, Turnstile and Stripe. */
export interface FaultStubs {
  smtp: SmtpSink;
  turnstile: HttpStub;
  stripe: StripeStub;
  /** The app's environment for one process on a free port against `databaseUrl`. */
  env(databaseUrl: string, extra?: Record<string, string>): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startStubs(): Promise<FaultStubs> {
  const smtp = new SmtpSink();
  // Apps are killed with SIGKILL here: their pooled SMTP connections break, which is expected.
  smtp.ignoreConnectionErrors = true;
  await smtp.start();
  const turnstile = await createTurnstileStub(TEST_TURNSTILE_SECRET).start();
  const stripeSecretKey = StripeStub.randomSecret();
  const stripe = await new StripeStub(stripeSecretKey).start();
  return {
    smtp,
    turnstile,
    stripe,
    env: async (databaseUrl, extra = {}) => ({
      // The entrypoint calls `node`: the same Node as this test.
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      ...testEnv({
        databaseUrl,
        smtpUrl: smtp.url,
        turnstileVerifyUrl: `${turnstile.url}/siteverify`,
        stripeApiUrl: stripe.url,
        stripeSecretKey,
        port: await freePort(),
      }),
      ...extra,
    }),
    stop: () => Promise.all([smtp.stop(), turnstile.stop(), stripe.stop()]).then(() => undefined),
  };
}

export interface FaultFixture {
  stubs: FaultStubs;
  database: TestDatabase;
  /** Every app process the test starts; afterAll stops those still running. */
  apps: AppProcess[];
}

/**
 * beforeAll/afterAll of a fault test file: checks the build, starts the stand-ins and a database of its own
 * (migrated unless told otherwise); afterAll stops the apps (SIGTERM), the stand-ins, and drops the database.
 * The fields are filled in beforeAll: read them inside the tests.
 */
export function useFaultFixture(options: { migrate?: boolean } = {}): FaultFixture {
  const fixture = { apps: [] } as unknown as FaultFixture;
  beforeAll(async () => {
    requireBuild();
    fixture.stubs = await startStubs();
    fixture.database = await createTestDatabase(options);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(fixture.apps.map((app) => app.stop('SIGTERM')));
    await fixture.stubs?.stop();
    await fixture.database?.drop();
  }, 90_000);
  return fixture;
}

/**
 * One app process (dist/main.js, or the container entrypoint) with its output kept for failure messages; the
 * output also goes to the test's app log, printed only if the test fails (app-log.ts).
 */
export class AppProcess {
  readonly child: ChildProcess;
  private output = '';

  private constructor(
    command: string,
    args: string[],
    env: Record<string, string>,
    readonly port: number,
  ) {
    this.child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
      keepAppLog(chunk.toString());
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
  }

  /** `npm start`: node backend/dist/main.js (or the main.js of a copy of the build). */
  static main(env: Record<string, string>, mainJs = MAIN_JS): AppProcess {
    return new AppProcess(process.execPath, [mainJs], env, Number(env.PORT));
  }

  /** `npm run worker`: node backend/dist/worker.js (no HTTP; `port` and the URL mean nothing for it). */
  static worker(env: Record<string, string>): AppProcess {
    return new AppProcess(process.execPath, [WORKER_JS], env, Number(env.PORT));
  }

  /** What a container runs: docker/entrypoint.sh serve (migrate under the advisory lock, then start). */
  static entrypoint(env: Record<string, string>): AppProcess {
    return new AppProcess('sh', [ENTRYPOINT, 'serve'], { ...env, SITE_HOME: REPO_ROOT }, Number(env.PORT));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** The last `chars` characters the process wrote (for failure messages, or to read its log lines). */
  log(chars = 4000): string {
    return this.output.slice(-chars);
  }

  /** Polls /readyz until 200; fails with the process output if it exits or takes longer than `timeoutMs`. */
  async waitReady(timeoutMs = 90_000): Promise<void> {
    await waitUntil(
      async () => {
        if (this.exited) throw new Error(`app on port ${this.port} exited during startup:\n${this.log()}`);
        return (await readyStatus(this.url)) === 200;
      },
      timeoutMs,
      () => `app on port ${this.port} to answer /readyz with 200\n${this.log()}`,
    );
  }

  /** Sends `signal` and waits (bounded) until the process has exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<void> {
    if (this.exited) return;
    const exit = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await exit;
    clearTimeout(timer);
  }
}

/** Status of GET /readyz, 0 when nothing answers. */
export async function readyStatus(url: string): Promise<number> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(20_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

export interface SubmitResult {
  /** The submission's unique address (its own mailbox: the confirmation goes there). */
  email: string;
  /** 0 when the connection failed (server killed or not listening). */
  status: number;
  json: Record<string, unknown>;
  text: string;
}

/** POSTs one contact form whose email address is unique to it; network failures come back as status 0. */
export async function submitUnique(url: string, email: string): Promise<SubmitResult> {
  try {
    return { email, ...(await postJson({ url }, sendEmailBody('contact', { email }))) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { email, status: 0, json: {}, text: cause?.code ?? String(error) };
  }
}

/** Runs `task(0..count-1)` with at most `concurrency` at a time; results in index order. */
export async function runConcurrently<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return results;
}

export interface BurstOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** The app (base URL) that gets form i. */
  target: (index: number) => string;
  /** Sees each answer as it arrives. */
  onResult?: (result: SubmitResult) => void;
  /** Each lane waits this long after an answer, so a burst lasts long enough to overlap other work. */
  pauseMs?: number;
}

/** A burst of `count` contact forms, each with its own address `<name>-<i>@example.org`; results in index order. */
export function burst(name: string, count: number, options: BurstOptions): Promise<SubmitResult[]> {
  return runConcurrently(count, options.concurrency, async (i) => {
    const result = await submitUnique(options.target(i), `${name}-${i}@example.org`);
    options.onResult?.(result);
    if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    return result;
  });
}

export interface StoredSubmission {
  id: string;
  email: string;
  email_status: string;
}

export function storedSubmissions(databaseUrl: string): Promise<StoredSubmission[]> {
  return sql<StoredSubmission & Record<string, unknown>>(
    { database: { url: databaseUrl } },
    'SELECT id, email, email_status FROM submissions ORDER BY created_at',
  );
}

/** Waits until no submission is still waiting for its emails; says how many were left if time runs out. */
export async function waitForMailDrain(databaseUrl: string, timeoutMs: number, context = () => ''): Promise<void> {
  let left = '';
  await waitUntil(
    async () => {
      const rows = await sql<{ status: string; n: string }>(
        { database: { url: databaseUrl } },
        "SELECT email_status AS status, count(*) AS n FROM submissions WHERE email_status <> 'sent' GROUP BY 1",
      );
      left = rows.map((row) => `${row.n} ${row.status}`).join(', ');
      return rows.length === 0;
    },
    timeoutMs,
    () => `every submission's emails to be sent (not yet: ${left})\n${context()}`,
  );
}

/**
 * Compares the SMTP sink with the stored submissions: each must have exactly one staff notification (to staff)
 * and one confirmation (to its own address), each recognised by its Message-ID; nothing else may have arrived.
 * Empty lists mean every submission was emailed exactly once.
 */
export function deliveryReport(smtp: SmtpSink, rows: Array<{ id: string; email: string }>) {
  const byMessageId = new Map<string, string[][]>();
  for (const message of smtp.messages) {
    const key = message.messageId ?? '(none)';
    byMessageId.set(key, [...(byMessageId.get(key) ?? []), message.to]);
  }
  const missing: string[] = [];
  const duplicated: string[] = [];
  const misaddressed: string[] = [];
  const expected = new Set<string>();
  for (const row of rows) {
    for (const [kind, recipient] of [
      ['staff', TEST_STAFF_EMAIL],
      ['confirmation', row.email],
    ] as const) {
      const messageId = `<${row.id}.${kind}@stichting.test>`;
      expected.add(messageId);
      const copies = byMessageId.get(messageId) ?? [];
      if (copies.length === 0) missing.push(messageId);
      if (copies.length > 1) duplicated.push(`${messageId} x${copies.length}`);
      if (copies.some((to) => to.length !== 1 || to[0] !== recipient)) misaddressed.push(messageId);
    }
  }
  const unexpected = [...byMessageId.keys()].filter((messageId) => !expected.has(messageId));
  return { missing, duplicated, misaddressed, unexpected };
}

export const ALL_DELIVERED_ONCE = { missing: [], duplicated: [], misaddressed: [], unexpected: [] };

/** Waits until the sink has received `count` messages and then nothing more for `quietMs` (late repeats). */
export async function waitForQuietSink(smtp: SmtpSink, count: number, timeoutMs: number, quietMs = 3000) {
  let seen = -1;
  let since = Date.now();
  await waitUntil(
    () => {
      if (smtp.messages.length !== seen) {
        seen = smtp.messages.length;
        since = Date.now();
      }
      return seen >= count && Date.now() - since >= quietMs;
    },
    timeoutMs,
    () => `the SMTP sink to hold ${count} messages and then stay quiet (it has ${smtp.messages.length})`,
  );
}

/**
 * Waits (bounded) until every stored submission's emails are sent and the sink has gone quiet, asserts that each
 * was emailed exactly once, and returns the stored submissions. The one exception allowed is a message in
 * `inDoubt` (see `messagesInDoubt`): it may have arrived twice, with the same Message-ID.
 */
export async function expectEachEmailedOnce(
  databaseUrl: string,
  smtp: SmtpSink,
  drainTimeoutMs: number,
  context: () => string,
  inDoubt: ReadonlySet<string> = new Set(),
): Promise<StoredSubmission[]> {
  await waitForMailDrain(databaseUrl, drainTimeoutMs, context);
  const rows = await storedSubmissions(databaseUrl);
  await waitForQuietSink(smtp, 2 * rows.length, 60_000);
  const report = deliveryReport(smtp, rows);
  const repeatedInDoubt = (entry: string) => inDoubt.has(entry.replace(/ x2$/, '')) && entry.endsWith(' x2');
  expect({ ...report, duplicated: report.duplicated.filter((entry) => !repeatedInDoubt(entry)) }).toEqual(
    ALL_DELIVERED_ONCE,
  );
  return rows;
}

/**
 * Call once a killed process has really exited. The Message-IDs SMTP had accepted from it whose sending it had
 * not yet recorded (sent-at still empty): SMTP's unavoidable at-least-once window, between the server's "250 OK"
 * and the database update. The restarted worker cannot know they went out and sends them again (same Message-ID,
 * so the receiving side can recognise the repeat). Every other message must arrive exactly once.
 */
export async function messagesInDoubt(databaseUrl: string, smtp: SmtpSink): Promise<Set<string>> {
  // Anything the dead process had fully written is read by the sink within moments.
  await waitForQuietSink(smtp, 0, 10_000, 500);
  const rows = await sql<{ id: string; staff: boolean; confirmation: boolean }>(
    { database: { url: databaseUrl } },
    'SELECT id, email_sent_at IS NOT NULL AS staff, confirmation_sent_at IS NOT NULL AS confirmation FROM submissions',
  );
  const recorded = new Set(
    rows.flatMap((row) => [row.staff && `${row.id}.staff`, row.confirmation && `${row.id}.confirmation`]),
  );
  return new Set(
    smtp.messages
      .map((message) => message.messageId ?? '')
      .filter((messageId) => !recorded.has(/^<([^@]+)@/.exec(messageId)?.[1] ?? '')),
  );
}

/** `waitFor` whose failure message is written when it fails (so it can show the latest state and output). */
export async function waitUntil<T>(
  check: () => Promise<T> | T,
  timeoutMs: number,
  explain: () => string,
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  try {
    return await waitFor(check, timeoutMs);
  } catch (error) {
    if (!/^timed out/.test((error as Error).message)) throw error;
    throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${explain()}`, { cause: error });
  }
}
