import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MetricsService, type ReconciliationSource } from '../../metrics/metrics.service';
import type { JobHandler } from '../../queue/job-definition';
import {
  DonationObjectReconciliation,
  type ObjectReconciliationReport,
} from './donation-object-reconciliation.service';
import { DonationReconciliation, type ReconciliationReport } from './donation-reconciliation.service';

/**
 * How old an event must be before the webhook is expected to have recorded it: Stripe delivers within seconds, so
 * an event of the last few minutes that only the reconciliation applied may still be on its way.
 */
export const WEBHOOK_DELIVERY_GRACE_MS = 15 * 60_000;

/**
 * Reconciles the donation ledger with Stripe once a day (docs/architecture.md §3.7; its schedule: queue/jobs.ts
 * `donations-reconcile`), like `npm run donations -- reconcile --from-objects` for the gifts that still run: Stripe's
 * event list of the last 30 days first, then the subscription and invoices of each gift Stripe may still charge or end.
 */
@Injectable()
export class DonationReconciliationJob implements JobHandler<null> {
  private readonly logger = new Logger(DonationReconciliationJob.name);

  constructor(
    private readonly reconciliation: DonationReconciliation,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly objectReconciliation: DonationObjectReconciliation,
  ) {}

  /** One run; whatever the webhook missed is logged as a warning with its changes. */
  async handle(): Promise<void> {
    const startedAt = new Date();
    const events = await this.fromEvents(startedAt);
    const objects = await this.fromObjects(startedAt);
    // A failure is tried again in the next run; failing the job makes pg-boss retry it sooner.
    const failed = events.failed.length + objects.failed.length;
    if (failed > 0) throw new Error(`${failed} stripe events or objects could not be applied`);
  }

  /** The event list of the 30 days Stripe keeps. */
  private async fromEvents(startedAt: Date): Promise<ReconciliationReport> {
    const report = await this.reconciliation.reconcile({ dryRun: false });
    for (const { id, type, changes } of report.applied) {
      this.logger.warn({ eventId: id, type, changes }, 'reconciliation applied a stripe event the webhook had missed');
    }
    for (const { id, type, error } of report.failed) {
      this.logger.error({ eventId: id, type, err: error }, 'reconciliation could not apply a stripe event');
    }
    this.reportMissedByWebhook('events', report.applied, startedAt);
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
    return report;
  }

  /** The subscription and invoices of every gift Stripe may still charge or end, read after the event list. */
  private async fromObjects(startedAt: Date): Promise<ObjectReconciliationReport> {
    const report = await this.objectReconciliation.reconcile({ dryRun: false, scope: 'running' });
    for (const { id, type, objectId, changes } of report.applied) {
      this.logger.warn(
        { eventId: id, type, objectId, changes },
        "reconciliation applied a change of stripe's subscription or invoice the webhook had missed",
      );
    }
    for (const { id, type, error } of report.failed) {
      this.logger.error({ eventId: id, type, err: error }, 'reconciliation could not read or apply a stripe object');
    }
    for (const { donationId, subscriptionId } of report.notAtStripe) {
      this.logger.warn({ donationId, subscriptionId }, 'reconciliation: stripe has no such subscription');
    }
    const missedAt = report.applied.map(({ happenedAt }) => ({ created: happenedAt }));
    this.reportMissedByWebhook('objects', missedAt, startedAt);
    this.logger.log(
      {
        donations: report.donations,
        invoices: report.invoices,
        applied: report.applied.length,
        alreadyRecorded: report.alreadyRecorded,
        notAtStripe: report.notAtStripe.length,
        failed: report.failed.length,
      },
      'donation reconciliation from stripe objects done',
    );
    return report;
  }

  /**
   * Changes the webhook should have recorded and never did: every applied one while the webhook is off, otherwise
   * those older than WEBHOOK_DELIVERY_GRACE_MS (Stripe had time to deliver them, and retries failed deliveries), and
   * those of an object that does not date its state (the event list, read just before, did not have them either).
   * Some mean the webhook refuses Stripe's deliveries (off, or a signing secret that is not the endpoint's): one error
   * line with the count, and site_stripe_events_missed_by_webhook_total by source (docs/operations.md §4).
   */
  private reportMissedByWebhook(
    source: ReconciliationSource,
    applied: ReadonlyArray<{ created: Date | null }>,
    startedAt: Date,
  ): void {
    const off = this.config.stripe.webhookOff;
    const deliveredBy = startedAt.getTime() - WEBHOOK_DELIVERY_GRACE_MS;
    const missed = applied.filter(
      ({ created }) => off !== undefined || created === null || created.getTime() <= deliveredBy,
    );
    if (missed.length === 0) return;
    this.metrics.stripeEventsMissedByWebhook(source, missed.length);
    const why =
      off !== undefined
        ? `the webhook is off (${off})`
        : "check that STRIPE_WEBHOOK_SECRET is the endpoint's signing secret and that the endpoint reaches this site";
    const what =
      source === 'events'
        ? `${missed.length} stripe events`
        : `${missed.length} changes of stripe's subscriptions and invoices (older than its event list, or refused)`;
    this.logger.error(
      {
        event: 'stripe_events_missed_by_webhook',
        source,
        missed: missed.length,
        webhook: off === undefined ? 'on' : 'off',
      },
      `reconciliation applied ${what} the webhook never recorded: the webhook seems misconfigured; ${why} (docs/stripe-setup.md §4)`,
    );
  }
}
