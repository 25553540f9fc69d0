import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '../queue/job-definition';
import { RetentionService } from './retention.service';

/**
 * Enforces the retention periods daily (its schedule: queue/jobs.ts `retention-purge`), with the same function as
 * `npm run purge`.
 */
@Injectable()
export class RetentionJob implements JobHandler<null> {
  private readonly logger = new Logger(RetentionJob.name);

  constructor(private readonly retention: RetentionService) {}

  async handle(): Promise<void> {
    const { submissions, errorReports, donations, donationPayments, unpaidDonations, agreements } =
      await this.retention.purge({ dryRun: false });
    this.logger.log(
      { submissions, errorReports, donations, donationPayments, unpaidDonations, agreements },
      'retention purge done',
    );
  }
}
