import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueService } from '../queue/queue.service';
import { RetentionService } from './retention.service';

export const RETENTION_QUEUE = 'retention-purge';
/** Daily at 03:30 Amsterdam time, when nobody fills in forms. */
export const RETENTION_CRON = '30 3 * * *';
export const RETENTION_TIME_ZONE = 'Europe/Amsterdam';

/**
 * Enforces the retention periods daily, with the same function as `npm run purge`. Scheduled and worked
 * where the queue workers run: the web process unless RUN_WORKER=false, and `npm run worker` always. pg-boss keeps
 * one schedule per queue in the database and hands each run to one process, so several instances purge once a day.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionJob.name);

  constructor(
    private readonly queue: QueueService,
    private readonly retention: RetentionService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.scheduleWork(RETENTION_QUEUE, RETENTION_CRON, RETENTION_TIME_ZONE, () => this.purge());
  }

  async purge(): Promise<void> {
    const { submissions, errorReports, donations, donationPayments } = await this.retention.purge({ dryRun: false });
    this.logger.log({ submissions, errorReports, donations, donationPayments }, 'retention purge done');
  }
}
