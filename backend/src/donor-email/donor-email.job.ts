import { Injectable, Logger } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { deliverOutboxEmail } from '../mail/email-delivery';
import { MailTransport } from '../mail/mail.transport';
import type { JobHandler } from '../queue/job-definition';
import { DonorEmailComposer } from './donor-email.composer';

/** The job of one donor email (queue/jobs.ts `donor-email`): the row holds what to send. */
export interface DonorEmailJobData {
  donorEmailId: string;
}

/**
 * Sends donor emails (docs/architecture.md §4.7) with the form emails' retry policy, dead letters and transport. Each
 * row's `sent_at` is checked before sending and set as soon as SMTP accepts the message, so a retried job never sends
 * it twice (the same window as §4.3 remains, covered by a stable Message-ID).
 */
@Injectable()
export class DonorEmailJob implements JobHandler<DonorEmailJobData> {
  private readonly logger = new Logger(DonorEmailJob.name);

  constructor(
    private readonly rows: DonorEmailsRepository,
    private readonly transport: MailTransport,
    private readonly composer: DonorEmailComposer,
  ) {}

  handle(jobs: JobWithMetadata<DonorEmailJobData>[]): Promise<JobResult[]> {
    return Promise.all(jobs.map((job) => this.deliver(job)));
  }

  /** One attempt; never throws: the result tells pg-boss to complete, retry or dead-letter the job. */
  deliver(job: JobWithMetadata<DonorEmailJobData>): Promise<JobResult> {
    const id = job.data.donorEmailId;
    return deliverOutboxEmail({
      job,
      transport: this.transport,
      logger: this.logger,
      subject: { donorEmailId: id },
      label: 'donor email',
      claim: () => this.rows.claimForSending(id),
      compose: (row) => this.composer.compose(row),
      update: (data) => this.rows.updateDelivery(id, data),
    });
  }
}
