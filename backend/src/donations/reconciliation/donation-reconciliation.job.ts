import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MetricsService } from '../../metrics/metrics.service';
import type { JobHandler } from '../../queue/job-definition';
import { DonationReconciliation, type ReconciliationReport } from './donation-reconciliation.service';

/**
 * How old an event must be before the webhook is expected to have recorded it: Stripe delivers within seconds, so
 * an event of the last few minutes that only the reconciliation applied may still be on its way.
 */
export const WEBHOOK_DELIVERY_GRACE_MS = 15 * 60_000;

/**
 * Reconciles the donation ledger with Stripe's event list once a day (docs/architecture.md §3.7; its schedule:
 * queue/jobs.ts `donations-reconcile`), like `npm run donations -- reconcile`.
 */
@Injectable()
export class DonationReconciliationJob implements JobHandler<null> {
  private readonly logger = new Logger(DonationReconciliationJob.name);

  constructor(
    private readonly reconciliation: DonationReconciliation,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One run over the 30 days Stripe keeps; an event the webhook missed is logged as a warning with its changes. */
  async handle(): Promise<void> {
    const startedAt = new Date();
    const report = await this.reconciliation.reconcile({ dryRun: false });
    for (const { id, type, changes } of report.applied) {
      this.logger.warn({ eventId: id, type, changes }, 'reconciliation applied a stripe event the webhook had missed');
    }
    for (const { id, type, error } of report.failed) {
      this.logger.error({ eventId: id, type, err: error }, 'reconciliation could not apply a stripe event');
    }
    this.reportMissedByWebhook(report, startedAt);
    const { listed, alreadyApplied } = report;
    const summary = {
      listed,
      applied: report.applied.length,
      alreadyApplied,
      otherApiVersion: report.otherApiVersion.length,
      failed: report.failed.length,
    };
    if (report.otherApiVersion.length > 0) {
      this.logger.error(
        summary,
        'reconciliation skipped stripe events of another API version: see docs/stripe-setup.md §2',
      );
    }
    this.logger.log(summary, 'donation reconciliation done');
    // A failed event is tried again in the next run; failing the job makes pg-boss retry it sooner.
    if (report.failed.length > 0) throw new Error(`${report.failed.length} stripe events could not be applied`);
  }

  /**
   * Events the webhook should have recorded and never did: every applied one while the webhook is off, otherwise
   * those older than WEBHOOK_DELIVERY_GRACE_MS (Stripe had time to deliver them, and retries failed deliveries).
   * Some mean the webhook refuses Stripe's deliveries (off, or a signing secret that is not the endpoint's): one
   * error line with the count, and site_stripe_events_missed_by_webhook_total (docs/operations.md §4).
   */
  private reportMissedByWebhook(report: ReconciliationReport, startedAt: Date): void {
    const off = this.config.stripe.webhookOff;
    const deliveredBy = startedAt.getTime() - WEBHOOK_DELIVERY_GRACE_MS;
    const missed = report.applied.filter((event) => off !== undefined || event.created.getTime() <= deliveredBy);
    if (missed.length === 0) return;
    this.metrics.stripeEventsMissedByWebhook(missed.length);
    const why =
      off !== undefined
        ? `the webhook is off (${off})`
        : "check that STRIPE_WEBHOOK_SECRET is the endpoint's signing secret and that the endpoint reaches this site";
    this.logger.error(
      { event: 'stripe_events_missed_by_webhook', missed: missed.length, webhook: off === undefined ? 'on' : 'off' },
      `reconciliation applied ${missed.length} stripe events the webhook never recorded: the webhook seems misconfigured; ${why} (docs/stripe-setup.md §4)`,
    );
  }
}
