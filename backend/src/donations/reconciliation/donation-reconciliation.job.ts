import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueService } from '../../queue/queue.service';
import { DonationReconciliation } from './donation-reconciliation.service';

export const RECONCILIATION_QUEUE = 'donations-reconcile';
/** Daily at 04:15 Amsterdam time, after the nightly purge (03:30). */
export const RECONCILIATION_CRON = '15 4 * * *';
export const RECONCILIATION_TIME_ZONE = 'Europe/Amsterdam';

/**
 * Reconciles the donation ledger with Stripe's event list once a day (docs/architecture.md §3.7), like
 * `npm run donations -- reconcile`. Scheduled and worked where the queue workers run (the web process unless
 * RUN_WORKER=false, and `npm run worker`); pg-boss keeps one schedule and hands each run to one process.
 */
@Injectable()
export class DonationReconciliationJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(DonationReconciliationJob.name);

  constructor(
    private readonly queue: QueueService,
    private readonly reconciliation: DonationReconciliation,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.scheduleWork(RECONCILIATION_QUEUE, RECONCILIATION_CRON, RECONCILIATION_TIME_ZONE, () =>
      this.run(),
    );
  }

  /** One run over the 30 days Stripe keeps; an event the webhook missed is logged as a warning with its changes. */
  async run(): Promise<void> {
    const report = await this.reconciliation.reconcile({ dryRun: false });
    for (const { id, type, changes } of report.applied) {
      this.logger.warn({ eventId: id, type, changes }, 'reconciliation applied a stripe event the webhook had missed');
    }
    for (const { id, type, error } of report.failed) {
      this.logger.error({ eventId: id, type, err: error }, 'reconciliation could not apply a stripe event');
    }
    const { listed, alreadyApplied } = report;
    const summary = {
      listed,
      applied: report.applied.length,
      alreadyApplied,
      otherApiVersion: report.otherApiVersion.length,
      failed: report.failed.length,
    };
    if (report.otherApiVersion.length > 0) {
      this.logger.error(summary, 'reconciliation skipped stripe events of another API version: see docs/stripe-setup.md §2');
    }
    this.logger.log(summary, 'donation reconciliation done');
    // A failed event is tried again in the next run; failing the job makes pg-boss retry it sooner.
    if (report.failed.length > 0) throw new Error(`${report.failed.length} stripe events could not be applied`);
  }
}
