import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QueueService } from '../queue/queue.service';
import { purgeExpired } from './retention.purge';

export const RETENTION_QUEUE = 'retention-purge';
/** Daily at 03:30 Amsterdam time, when nobody fills in forms. */
export const RETENTION_CRON = '30 3 * * *';
export const RETENTION_TIME_ZONE = 'Europe/Amsterdam';

/**
 * Enforces the retention periods daily (issue 7), with the same function as `npm run purge`. pg-boss keeps one
 * schedule per queue in the database, so several app instances still purge once a day.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionJob.name);

  constructor(
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.queue.runsWorkers) return;
    const { boss } = this.queue;
    await boss.createQueue(RETENTION_QUEUE);
    await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: RETENTION_TIME_ZONE });
    await boss.work(RETENTION_QUEUE, async () => {
      await this.purge();
    });
  }

  async purge(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    await client.connect();
    try {
      const result = await purgeExpired(client, this.config.retentionDays, { dryRun: false });
      this.logger.log({ submissions: result.submissions, errorReports: result.errorReports }, 'retention purge done');
    } finally {
      await client.end();
    }
  }
}
