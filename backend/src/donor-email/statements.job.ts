import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueService } from '../queue/queue.service';
import { StatementsService } from './statements.service';

export const STATEMENTS_QUEUE = 'donor-statements';
/** docs/product.md §7.9: on 2 January at 09:00 Dutch time, for the calendar year that just ended. */
export const STATEMENTS_CRON = '0 9 2 1 *';
const TIME_ZONE = 'Europe/Amsterdam';

/** The last calendar year in Dutch time, on the day the job runs. */
export function previousDutchYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: TIME_ZONE }).format(now)) - 1;
}

/**
 * Queues every donor's yearly statement once a year, where the queue workers run (like the retention purge, one
 * schedule in the database and one run however many processes work it). A repeated run sends nothing new.
 */
@Injectable()
export class StatementsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(StatementsJob.name);

  constructor(
    private readonly queue: QueueService,
    private readonly statements: StatementsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.scheduleWork(STATEMENTS_QUEUE, STATEMENTS_CRON, TIME_ZONE, () => this.run());
  }

  /** Queues the previous calendar year's statements (Dutch time); donors who have theirs get nothing new. */
  async run(): Promise<void> {
    const year = previousDutchYear();
    const plans = await this.statements.queueStatements({ year, dryRun: false });
    const queued = plans.filter((plan) => plan.outcome === 'queued').length;
    this.logger.log({ year, donors: plans.length, queued }, 'yearly statements queued');
  }
}
