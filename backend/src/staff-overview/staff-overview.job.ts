import { Injectable, Logger } from '@nestjs/common';
import type { JobWithMetadata } from 'pg-boss';
import type { JobHandler } from '../queue/job-definition';
import { StaffOverviewService } from './staff-overview.service';

/**
 * The daily overview's scheduled run (queue/jobs.ts `staff-overview`, 08:30 Amsterdam time every day; the service
 * sends nothing on a weekend or holiday). The day is the job's creation, so a retry sends that day's overview.
 */
@Injectable()
export class StaffOverviewJob implements JobHandler<null> {
  private readonly logger = new Logger(StaffOverviewJob.name);

  constructor(private readonly overview: StaffOverviewService) {}

  async handle(jobs: JobWithMetadata<null>[]): Promise<void> {
    for (const job of jobs) {
      const result = await this.overview.send(job.createdOn);
      this.logger.log(result, 'staff overview run');
    }
  }
}
