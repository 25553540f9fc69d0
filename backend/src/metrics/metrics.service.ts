import { Inject, Injectable, Logger } from '@nestjs/common';
import { SUBMISSION_TYPES, type SubmissionType } from '@stichting/contracts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { OverdueRequestsRepository } from '../database/overdue-requests.repository';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository, type DeliveryFigures } from '../database/submissions.repository';
import { EmailStatus } from '../generated/prisma/enums';
import { dutchDay } from '../common/dutch-business-days';
import { overdueCutoffInstants } from '../staff-overview/staff-overview.service';

/** What became of one Stripe webhook delivery (docs/architecture.md §3.5); `rejected`: refused before any effect. */
export type WebhookMetricOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected';

/** What became of one browser crash report (docs/architecture.md §3.6). */
export type ErrorReportMetricOutcome = 'stored' | 'repeat' | 'dropped_per_hour';

/** Which per-address limit refused a request: the POST limit of its route, checkout's own, or webhook refusals. */
export type RateLimitMetricName =
  'post' | 'checkout' | 'webhook_rejections' | 'manage_link' | 'portal_session' | 'periodic_gift';

/** Where reconciliation found what the webhook missed: Stripe's event list, or the subscriptions and invoices. */
export type ReconciliationSource = 'events' | 'objects';

/** The email figures are read from PostgreSQL at most this often, however many scrapers ask. */
export const EMAIL_FIGURES_MAX_AGE_MS = 5_000;

/** Latency buckets (seconds) for requests: pages take well under a millisecond, forms a few, a slow one seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Stripe event types as Stripe writes them (`invoice.paid`); anything else is counted as `other`. */
const STRIPE_EVENT_TYPE = /^[a-z][a-z0-9_.]{0,79}$/;

/** The two email outboxes, as the `outbox` label names them (docs/architecture.md §4, §4.7). */
type Outbox = 'submission' | 'donor';

interface OutboxFigures {
  /** Emails per delivery state (every state present). */
  counts: Map<EmailStatus, number>;
  /** When the oldest email of each state was created (absent: none in that state). */
  oldest: Map<EmailStatus, Date>;
}

type EmailFigures = Record<Outbox, OutboxFigures>;

/** Requests past their promised answer time, per type. */
type OverdueFigures = Record<SubmissionType, number>;

/** Delivery states whose oldest row is worth an age: the ones still waiting to be sent. */
const WAITING_STATES: readonly EmailStatus[] = [EmailStatus.queued, EmailStatus.sending, EmailStatus.retrying];

/**
 * The process's Prometheus metrics (docs/architecture.md §9.11), in a registry of its own (one per application, so
 * tests can run several apps in one process). Domain code reports events through the small methods below; figures
 * that are a state (emails per delivery state, the pool) are read when scraped. Label values are always from a
 * short fixed list (route patterns, form types, outcomes), never from a request's raw path or body.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  readonly registry = new Registry();

  private readonly httpRequests = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'HTTP requests by route (route pattern, page id or a fixed group), method and status, with their latency.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly formsAccepted = this.counter(
    'site_forms_accepted_total',
    'Forms stored (answered 201) by form type.',
    ['type'] as const,
  );

  private readonly webhookEvents = this.counter(
    'site_stripe_webhook_events_total',
    'Stripe webhook deliveries by event type (unknown when refused before reading) and outcome.',
    ['type', 'outcome'] as const,
  );

  private readonly stripeRateLimits = this.counter(
    'site_stripe_rate_limited_total',
    "Stripe API calls Stripe answered with 429 (the account's rate limit), by the API resource called.",
    ['resource'] as const,
  );

  private readonly eventsMissedByWebhook = this.counter(
    'site_stripe_events_missed_by_webhook_total',
    'Stripe changes the daily reconciliation applied that the webhook never recorded (off, or refusing deliveries), by source: the event list, or the subscriptions and invoices read from Stripe.',
    ['source'] as const,
  );

  private readonly rateLimitRefusals = this.counter(
    'site_rate_limit_refusals_total',
    'Requests refused with 429 by a per-address limit, by route and limit.',
    ['route', 'limit'] as const,
  );

  private readonly confirmationsSkipped = this.counter(
    'site_confirmations_skipped_total',
    'Confirmation emails not sent because a cap was reached, by cap.',
    ['reason'] as const,
  );

  private readonly errorReports = this.counter(
    'site_error_reports_total',
    'Browser error reports by outcome: stored, repeat (counted on a known error), or dropped by a cap.',
    ['outcome'] as const,
  );

  private counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private emailFigures?: { readAt: number; figures: Promise<EmailFigures | undefined> };
  private overdueFigures?: { readAt: number; figures: Promise<OverdueFigures | undefined> };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly submissions: SubmissionsRepository,
    private readonly donorEmails: DonorEmailsRepository,
    private readonly overdueRequests: OverdueRequestsRepository,
  ) {
    // Only a process that serves its metrics pays for the state figures and the runtime's collectors.
    if (config.metrics.port === undefined) return;
    collectDefaultMetrics({ register: this.registry });
    this.registerDatabaseFigures();
    this.registerOverdueRequests();
  }

  /** One answered HTTP request; `seconds` from its arrival to the end of the answer. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.observe({ route, method, status: String(status) }, seconds);
  }

  formAccepted(type: string): void {
    this.formsAccepted.inc({ type });
  }

  /** One Stripe webhook delivery and what became of it; `type` is Stripe's event type, or undefined if unread. */
  webhookEvent(type: string | undefined, outcome: WebhookMetricOutcome): void {
    const label = type === undefined ? 'unknown' : STRIPE_EVENT_TYPE.test(type) ? type : 'other';
    this.webhookEvents.inc({ type: label, outcome });
  }

  /**
   * Stripe refused a call with 429 (docs/operations.md, metrics). `path` is the API path Stripe's client reports
   * (`/v1/billing_portal/sessions`); the label is its first part, a short list Stripe defines.
   */
  stripeRateLimited(path: string): void {
    const resource = /^\/v1\/([a-z_]{1,40})/.exec(path)?.[1] ?? 'other';
    this.stripeRateLimits.inc({ resource });
  }

  /**
   * Stripe changes the webhook should have recorded and the reconciliation applied in its place, found in Stripe's
   * event list (`events`) or read from the subscription and its invoices (`objects`, docs/architecture.md §3.7).
   */
  stripeEventsMissedByWebhook(source: ReconciliationSource, count: number): void {
    if (count > 0) this.eventsMissedByWebhook.inc({ source }, count);
  }

  /** A 429 from a per-address limit; `route` is the route pattern (`/api/send-email`). */
  rateLimitRefused(route: string, limit: RateLimitMetricName): void {
    this.rateLimitRefusals.inc({ route, limit });
  }

  confirmationSkipped(reason: string): void {
    this.confirmationsSkipped.inc({ reason });
  }

  errorReport(outcome: ErrorReportMetricOutcome): void {
    this.errorReports.inc({ outcome });
  }

  /** The exposition in Prometheus' text format, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * Emails per delivery state and the age of the oldest still waiting, from one grouped query at most every
   * EMAIL_FIGURES_MAX_AGE_MS (shared by concurrent scrapes); Prisma's pool from node-postgres's documented counters.
   * pg-boss's own pool (4 connections) exposes no counters through its documented API and is left out.
   */
  private registerDatabaseFigures(): void {
    const figures = () => this.readEmailFigures();
    new Gauge({
      name: 'site_emails',
      help: 'Emails by outbox (submission: forms, donor: donor emails) and delivery state (database-wide: the same in every process).',
      labelNames: ['outbox', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const read = await figures();
        if (!read) return;
        for (const [outbox, { counts }] of outboxEntries(read)) {
          for (const [state, count] of counts) this.set({ outbox, state }, count);
        }
      },
    });
    new Gauge({
      name: 'site_email_oldest_age_seconds',
      help: 'Age of the oldest email queued, being sent or waiting for a retry, by outbox and state (0: none).',
      labelNames: ['outbox', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const read = await figures();
        if (!read) return;
        for (const [outbox, { oldest }] of outboxEntries(read)) {
          for (const state of WAITING_STATES) {
            const since = oldest.get(state);
            this.set({ outbox, state }, since ? Math.max(0, (Date.now() - since.getTime()) / 1000) : 0);
          }
        }
      },
    });
    const pool = this.prisma.pool;
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [this.registry],
        collect() {
          this.set({ pool: 'prisma' }, value());
        },
      });
    poolGauge('site_db_pool_connections', 'Open connections of the pool.', () => pool.totalCount);
    poolGauge('site_db_pool_idle_connections', 'Open connections of the pool not in use.', () => pool.idleCount);
    poolGauge(
      'site_db_pool_waiting_requests',
      'Queries waiting for a connection of the pool.',
      () => pool.waitingCount,
    );
    poolGauge(
      'site_db_pool_max_connections',
      'Connections the pool opens at most.',
      () => this.config.database.poolSize,
    );
  }

  /**
   * Requests still new past their promised answer time (docs/product.md §4.10.1), per type: the number the daily
   * overview mails, as a gauge an operator can alert on between two overviews. One grouped count over the indexed
   * cut-offs (`status, type, created_at`), shared by concurrent scrapes and read at most every
   * EMAIL_FIGURES_MAX_AGE_MS, so a storm of scrapes costs the database one query per few seconds.
   */
  private registerOverdueRequests(): void {
    const figures = () => this.readOverdueFigures();
    new Gauge({
      name: 'site_requests_overdue',
      help: 'Requests still new after their promised answer time (docs/product.md §4.10.1), by type (database-wide: the same in every process).',
      labelNames: ['type'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const read = await figures();
        if (!read) return;
        for (const type of SUBMISSION_TYPES) this.set({ type }, read[type]);
      },
    });
  }

  private readOverdueFigures(): Promise<OverdueFigures | undefined> {
    const now = Date.now();
    if (!this.overdueFigures || now - this.overdueFigures.readAt >= EMAIL_FIGURES_MAX_AGE_MS) {
      this.overdueFigures = { readAt: now, figures: this.queryOverdueFigures(new Date(now)) };
    }
    return this.overdueFigures.figures;
  }

  private async queryOverdueFigures(now: Date): Promise<OverdueFigures | undefined> {
    try {
      return await this.overdueRequests.countByType(overdueCutoffInstants(dutchDay(now)));
    } catch (error) {
      // As with the email figures: the scrape still answers, without this gauge this time.
      this.logger.warn({ err: { message: (error as Error).message } }, 'overdue requests for the metrics unreadable');
      return undefined;
    }
  }

  /** The cached email figures, read again once older than EMAIL_FIGURES_MAX_AGE_MS; undefined if unreadable. */
  private readEmailFigures(): Promise<EmailFigures | undefined> {
    const now = Date.now();
    if (!this.emailFigures || now - this.emailFigures.readAt >= EMAIL_FIGURES_MAX_AGE_MS) {
      this.emailFigures = { readAt: now, figures: this.queryEmailFigures() };
    }
    return this.emailFigures.figures;
  }

  private async queryEmailFigures(): Promise<EmailFigures | undefined> {
    try {
      // Erased submissions are no longer anyone's mail (as in `npm run mail -- status`).
      return {
        submission: byState(await this.submissions.deliveryFigures()),
        donor: byState(await this.donorEmails.deliveryFigures()),
      };
    } catch (error) {
      // The scrape still answers (process and request figures); the email figures are left out this time.
      this.logger.warn({ err: { message: (error as Error).message } }, 'email figures for the metrics unreadable');
      return undefined;
    }
  }
}

function outboxEntries(figures: EmailFigures): Array<[Outbox, OutboxFigures]> {
  return [
    ['submission', figures.submission],
    ['donor', figures.donor],
  ];
}

function byState(figures: DeliveryFigures): OutboxFigures {
  const counts = new Map(Object.values(EmailStatus).map((state) => [state, 0]));
  const oldest = new Map<EmailStatus, Date>();
  for (const { status, count, oldest: since } of figures) {
    counts.set(status, count);
    if (since) oldest.set(status, since);
  }
  return { counts, oldest };
}
