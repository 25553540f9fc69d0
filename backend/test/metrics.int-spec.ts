import { MetricsServer } from '../src/metrics/metrics.server';
import { AppProcess, freePort, useFaultFixture, waitUntil } from './support/faults-app';
import { sample, scrape, type Labels } from './support/metrics';
import { startDonation } from './support/donations';
import { signWebhook, stripeEvent } from './support/stripe-stub';
import { postJson, sendEmailBody, sql, waitFor } from './support/submissions';
import { startTestStack, TEST_WEBHOOK_SECRET, type TestStack } from './support/test-app';

/**
 * An operator's view of the site through Prometheus (docs/architecture.md §9.11): the figures are served on a port of
 * their own, behind a bearer token when one is set, never on the site's port, and they move when visitors do things.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
const POST_LIMIT = 6;

describe('GET /metrics on METRICS_PORT, with METRICS_TOKEN', () => {
  let stack: TestStack;
  let port: number;
  beforeAll(async () => {
    stack = await startTestStack({
      METRICS_PORT: '0',
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_POST_PER_MINUTE: String(POST_LIMIT),
      CONFIRMATION_CAP_PER_ADDRESS_PER_DAY: '1',
      ERROR_REPORTS_PER_HOUR: '1',
    });
    port = stack.app.get(MetricsServer).port!;
  });
  afterAll(() => stack.close());

  const metrics = async () => {
    const { status, body } = await scrape(port, TOKEN);
    expect(status).toBe(200);
    return body;
  };
  /** How much `name{labels}` grows while `action` runs (a missing sample counts as 0). */
  async function growth(name: string, labels: Labels, action: () => Promise<unknown>): Promise<number> {
    const before = sample(await metrics(), name, labels) ?? 0;
    await action();
    return (sample(await metrics(), name, labels) ?? 0) - before;
  }
  const requests = (route: string, method: string, status: number) => ({ route, method, status: String(status) });

  it('answers only with the right bearer token: 401 without one or with another', async () => {
    const missing = await scrape(port);
    expect(missing.status).toBe(401);
    expect(missing.body).not.toContain('site_');
    const wrong = await scrape(port, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain('site_');
    const basic = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');

    const right = await scrape(port, TOKEN);
    expect(right.status).toBe(200);
    expect(right.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(right.body).toContain('# TYPE site_http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it("is not served on the site's port: /metrics there is the 404 page, with or without the token", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const response = await fetch(`${stack.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      const body = await response.text();
      expect(body).toContain('<html');
      expect(body).not.toMatch(/# (HELP|TYPE)|site_|process_cpu/);
    }
    // The site's own 404 is counted, under one label for every unknown path.
    expect(sample(await metrics(), 'site_http_request_duration_seconds_count', requests('unmatched', 'GET', 404))).toBe(
      2,
    );
  });

  it('counts an accepted form by type, its request by route and status with its latency, and then its email as sent', async () => {
    const route = requests('/api/send-email', 'POST', 201);
    const accepted = await growth('site_forms_accepted_total', { type: 'contact' }, async () => {
      expect(
        await growth('site_http_request_duration_seconds_count', route, async () => {
          expect((await postJson(stack, sendEmailBody('contact', { email: 'counted@example.org' }))).status).toBe(201);
        }),
      ).toBe(1);
    });
    expect(accepted).toBe(1);
    const body = await metrics();
    expect(sample(body, 'site_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      sample(body, 'site_http_request_duration_seconds_count', route),
    );
    expect(sample(body, 'site_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    // Pages are counted by their id, never by their path.
    await fetch(`${stack.url}/en/donate?amount=10`);
    expect(
      sample(await metrics(), 'site_http_request_duration_seconds_count', requests('page:donate', 'GET', 200)),
    ).toBe(1);

    // The email states come from PostgreSQL (read at most every few seconds): the form's email ends up sent.
    const [{ sent }] = await waitFor(async () => {
      const rows = await sql<{ sent: string }>(
        stack,
        "SELECT count(*) AS sent FROM submissions WHERE email_status = 'sent'",
      );
      return Number(rows[0].sent) >= 1 && rows;
    });
    await waitUntil(
      async () => sample(await metrics(), 'site_emails', { outbox: 'submission', state: 'sent' }) === Number(sent),
      15_000,
      () => `site_emails{outbox="submission",state="sent"} to be ${sent}`,
    );
    const figures = await metrics();
    for (const state of ['queued', 'sending', 'retrying', 'dead'])
      expect(sample(figures, 'site_emails', { outbox: 'submission', state })).toBe(0);
    expect(sample(figures, 'site_email_oldest_age_seconds', { outbox: 'submission', state: 'queued' })).toBe(0);
    // Donor emails are the other outbox of the same metric; none were queued here.
    for (const state of ['queued', 'sending', 'retrying', 'sent', 'dead'])
      expect(sample(figures, 'site_emails', { outbox: 'donor', state })).toBe(0);
  }, 40_000);

  it('counts a confirmation skipped by the per-address cap', async () => {
    const skipped = { reason: 'address-daily-limit' };
    const before = sample(await metrics(), 'site_confirmations_skipped_total', skipped) ?? 0;
    for (let i = 0; i < 2; i++) {
      expect((await postJson(stack, sendEmailBody('contact', { email: 'twice@example.org' }))).status).toBe(201);
    }
    await waitUntil(
      async () => sample(await metrics(), 'site_confirmations_skipped_total', skipped) === before + 1,
      20_000,
      () => 'site_confirmations_skipped_total{reason="address-daily-limit"} to grow by one',
    );
  }, 30_000);

  it('counts error reports stored, repeated and dropped by the hourly cap', async () => {
    const report = (message: string) =>
      postJson(stack, { message, stack: `Error: ${message}\n    at x (a.js:1:1)` }, '/api/report-error');
    const outcome = (name: string) => ({ outcome: name });
    expect(await growth('site_error_reports_total', outcome('stored'), () => report('First crash'))).toBe(1);
    expect(await growth('site_error_reports_total', outcome('repeat'), () => report('First crash'))).toBe(1);
    expect(await growth('site_error_reports_total', outcome('dropped_per_hour'), () => report('Second crash'))).toBe(1);
  });

  it('counts Stripe webhook deliveries by type and outcome: processed, duplicate, ignored, rejected', async () => {
    const deliver = (event: object, secret = TEST_WEBHOOK_SECRET) => {
      const { body, signature } = signWebhook(event, secret);
      return fetch(`${stack.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    };
    const events = (type: string, outcome: string) => ({ type, outcome });
    // A donation of ours whose Checkout page expired unused: the ledger applies it once.
    const gift = await startDonation(stack, { email: 'metrics-donor@example.org' });
    const expired = stripeEvent('checkout.session.expired', gift.session('unpaid', 'expired'));
    expect(
      await growth('site_stripe_webhook_events_total', events('checkout.session.expired', 'processed'), () =>
        deliver(expired),
      ),
    ).toBe(1);
    expect(
      await growth('site_stripe_webhook_events_total', events('checkout.session.expired', 'duplicate'), () =>
        deliver(expired),
      ),
    ).toBe(1);
    const other = stripeEvent('customer.created', { id: 'cus_metrics', object: 'customer' });
    expect(
      await growth('site_stripe_webhook_events_total', events('customer.created', 'ignored'), () => deliver(other)),
    ).toBe(1);
    const forged = stripeEvent('checkout.session.completed', gift.session('paid'));
    expect(
      await growth('site_stripe_webhook_events_total', events('unknown', 'rejected'), async () => {
        expect((await deliver(forged, 'whsec_someone_else')).status).toBe(400);
      }),
    ).toBe(1);
  });

  it('counts a request refused by the rate limit, by route, and its 429', async () => {
    const refused = { route: '/api/send-email', limit: 'post' };
    const tooMany = requests('/api/send-email', 'POST', 429);
    const before = await metrics();
    // Invalid forms count against the limit too (it runs before validation): post until the first 429.
    let statuses: number[] = [];
    for (let i = 0; i <= POST_LIMIT && !statuses.includes(429); i++)
      statuses.push((await postJson(stack, { type: 'contact' })).status);
    expect(statuses.at(-1)).toBe(429);
    const after = await metrics();
    const grew = (name: string, labels: Labels) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(grew('site_rate_limit_refusals_total', refused)).toBe(1);
    expect(grew('site_http_request_duration_seconds_count', tooMany)).toBe(1);
    statuses = [(await postJson(stack, { type: 'contact' })).status];
    expect(statuses).toEqual([429]);
    expect(
      (sample(await metrics(), 'site_rate_limit_refusals_total', refused) ?? 0) -
        (sample(before, 'site_rate_limit_refusals_total', refused) ?? 0),
    ).toBe(2);
  });

  it('counts the requests still new past their promised answer time, by type, and drops one once answered', async () => {
    const overdue = async () => {
      const body = await metrics();
      return Object.fromEntries(
        ['volunteer', 'help-request', 'contact'].map((type) => [type, sample(body, 'site_requests_overdue', { type })]),
      );
    };
    // docs/product.md §4.10.1: three weeks old is past every promise; an hour old is within every promise; answered,
    // closed or erased requests wait for nobody.
    const weeksAgo = new Date(Date.now() - 21 * 86_400_000);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const rows: Array<[string, Date, string, boolean]> = [
      ['volunteer', weeksAgo, 'new', false],
      ['volunteer', weeksAgo, 'new', false],
      ['volunteer', weeksAgo, 'contacted', false],
      ['volunteer', hourAgo, 'new', false],
      ['help-request', weeksAgo, 'new', false],
      ['help-request', weeksAgo, 'closed', false],
      ['contact', weeksAgo, 'new', true],
    ];
    const ids: string[] = [];
    for (const [type, createdAt, status, erased] of rows) {
      const [{ id }] = await sql<{ id: string }>(
        stack,
        `INSERT INTO submissions (id, type, language, name, email, created_at, email_status, status, erased_at)
         VALUES (gen_random_uuid(), $1, 'nl', 'Overdue Test', 'overdue@example.org', $2, 'sent',
                 $3::"SubmissionStatus", $4) RETURNING id`,
        [type, createdAt, status, erased ? new Date() : null],
      );
      ids.push(id);
    }
    // Read at most every few seconds: wait for the figures that include these rows.
    await waitUntil(
      async () => (await overdue()).volunteer === 2,
      15_000,
      () => 'site_requests_overdue{type="volunteer"} to be 2',
    );
    expect(await overdue()).toEqual({ volunteer: 2, 'help-request': 1, contact: 0 });

    await sql(stack, `UPDATE submissions SET status = 'contacted' WHERE id = $1`, [ids[0]]);
    await waitUntil(
      async () => (await overdue()).volunteer === 1,
      15_000,
      () => 'site_requests_overdue{type="volunteer"} to drop to 1 once answered',
    );
    expect(await overdue()).toEqual({ volunteer: 1, 'help-request': 1, contact: 0 });
  }, 40_000);

  it("shows the process's figures and Prisma's connection pool", async () => {
    const body = await metrics();
    expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(body, 'site_db_pool_max_connections', { pool: 'prisma' })).toBe(10);
    expect(sample(body, 'site_db_pool_connections', { pool: 'prisma' })).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'site_db_pool_idle_connections', { pool: 'prisma' })).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'site_db_pool_waiting_requests', { pool: 'prisma' })).toBe(0);
  });
});

describe('metrics of a web process without the worker and of `npm run worker`', () => {
  const fixture = useFaultFixture();

  it('web shows the form queued and how long it has waited; the worker sends it and shows it sent', async () => {
    const { stubs, database } = fixture;
    const webMetrics = await freePort();
    const web = AppProcess.main(
      await stubs.env(database.url, { RUN_WORKER: 'false', METRICS_PORT: String(webMetrics) }),
    );
    fixture.apps.push(web);
    await web.waitReady();
    expect((await postJson(web, sendEmailBody('contact', { email: 'waiting@example.org' }))).status).toBe(201);
    const queued = await waitUntil(
      async () => {
        const { body } = await scrape(webMetrics);
        return sample(body, 'site_emails', { outbox: 'submission', state: 'queued' }) === 1 && body;
      },
      15_000,
      () => `the web process to show one queued email\n${web.log()}`,
    );
    expect(sample(queued, 'site_forms_accepted_total', { type: 'contact' })).toBe(1);
    expect(sample(queued, 'site_email_oldest_age_seconds', { outbox: 'submission', state: 'queued' })).toBeGreaterThan(
      0,
    );

    const workerMetrics = await freePort();
    const worker = AppProcess.worker(await stubs.env(database.url, { METRICS_PORT: String(workerMetrics) }));
    fixture.apps.push(worker);
    const sent = await waitUntil(
      async () => {
        if (worker.exited) throw new Error(`the worker exited:\n${worker.log()}`);
        const { status, body } = await scrape(workerMetrics).catch(() => ({ status: 0, body: '' }));
        return status === 200 && sample(body, 'site_emails', { outbox: 'submission', state: 'sent' }) === 1 && body;
      },
      60_000,
      () => `the worker to send the email and show it sent\n${worker.log()}`,
    );
    expect(sample(sent, 'site_emails', { outbox: 'submission', state: 'queued' })).toBe(0);
    expect(sample(sent, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(sent, 'site_db_pool_max_connections', { pool: 'prisma' })).toBe(10);
    // The worker serves no site: its metrics port is the only one it opens.
    expect(stubs.smtp.messages).toHaveLength(2);
  }, 120_000);
});
