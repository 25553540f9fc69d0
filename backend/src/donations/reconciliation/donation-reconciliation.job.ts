import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '../../queue/job-definition';
import { DonationReconciliation } from './donation-reconciliation.service';

/**
 * Reconciles the donation ledger with Stripe's event list once a day (docs/architecture.md §3.7; its schedule:
 * queue/jobs.ts `donations-reconcile`), like `npm run donations -- reconcile`.
 */
@Injectable()
export class DonationReconciliationJob implements JobHandler<null> {
  private readonly logger = new Logger(DonationReconciliationJob.name);

  constructor(private readonly reconciliation: DonationReconciliation) {}

  /** One run over the 30 days Stripe keeps; an event the webhook missed is logged as a warning with its changes. */
  async handle(): Promise<void> {
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
      this.logger.error(
        summary,
        'reconciliation skipped stripe events of another API version: see docs/stripe-setup.md §2',
      );
    }
    this.logger.log(summary, 'donation reconciliation done');
    // A failed event is tried again in the next run; failing the job makes pg-boss retry it sooner.
    if (report.failed.length > 0) throw new Error(`${report.failed.length} stripe events could not be applied`);
  }
}
