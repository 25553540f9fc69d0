import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '../queue/job-definition';
import { dutchYearOf } from './statement.query';
import { StatementsService } from './statements.service';

/** The last calendar year in Dutch time, on the day the job runs. */
export function previousDutchYear(now = new Date()): number {
  return dutchYearOf(now) - 1;
}

/**
 * Queues every donor's yearly statement once a year (docs/product.md §7.9; its schedule: queue/jobs.ts
 * `donor-statements`). A repeated run sends nothing new.
 */
@Injectable()
export class StatementsJob implements JobHandler<null> {
  private readonly logger = new Logger(StatementsJob.name);

  constructor(private readonly statements: StatementsService) {}

  /** Queues the previous calendar year's statements (Dutch time); donors who have theirs get nothing new. */
  async handle(): Promise<void> {
    const year = previousDutchYear();
    const plans = await this.statements.queueStatements({ year, dryRun: false });
    const queued = plans.filter((plan) => plan.outcome === 'queued').length;
    this.logger.log({ year, donors: plans.length, queued }, 'yearly statements queued');
  }
}
