import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import type { EmailStatus } from '../generated/prisma/enums';
import { ClaimLostError, databaseErrorCode, ensureEmailQueues, recordSent, sendForJob } from '../mail/email-delivery';
import { describeSmtpError, isPermanentSmtpError, MailTransport } from '../mail/mail.transport';
import { QueueService } from '../queue/queue.service';
import { DonorEmailComposer } from './donor-email.composer';
import { DONOR_EMAIL_DEAD_LETTER_QUEUE, DONOR_EMAIL_QUEUE, type DonorEmailJobData } from './donor-email.queue';

/**
 * Sends donor emails (docs/architecture.md §4.7) with the form emails' retry policy, dead letters and transport. Each
 * row's `sent_at` is checked before sending and set as soon as SMTP accepts the message, so a retried job never sends
 * it twice (the same window as §4.3 remains, covered by a stable Message-ID).
 */
@Injectable()
export class DonorEmailJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(DonorEmailJob.name);

  constructor(
    private readonly queue: QueueService,
    private readonly rows: DonorEmailsRepository,
    private readonly transport: MailTransport,
    private readonly composer: DonorEmailComposer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureEmailQueues(this.queue.boss, DONOR_EMAIL_QUEUE, DONOR_EMAIL_DEAD_LETTER_QUEUE, this.config.mail.retry);
    if (!this.config.runWorker) return;
    await this.queue.boss.work(
      DONOR_EMAIL_QUEUE,
      { batchSize: this.config.mail.batchSize, includeMetadata: true, perJobResults: true, pollingIntervalSeconds: 1 },
      (jobs: JobWithMetadata<DonorEmailJobData>[]) => Promise.all(jobs.map((job) => this.deliver(job))),
    );
  }

  /** One attempt; never throws: the result tells pg-boss to complete, retry or dead-letter the job. */
  async deliver(job: JobWithMetadata<DonorEmailJobData>): Promise<JobResult> {
    const id = job.data.donorEmailId;
    let stage: 'database' | 'smtp' = 'database';
    try {
      const row = await this.rows.claimForSending(id);
      if (!row) return { id: job.id, status: 'completed', output: { skipped: 'sent or gone' } };
      const mail = await this.composer.compose(row);
      if (!mail) {
        // docs/product.md §7.9: only the address on record is written to; an erased donation has none.
        await this.rows.updateDelivery(id, { status: 'dead', lastError: 'no address on record' });
        return { id: job.id, status: 'completed', output: { skipped: 'no address on record' } };
      }
      stage = 'smtp';
      await sendForJob(this.transport, job, mail);
      stage = 'database';
      await recordSent(() => this.rows.updateDelivery(id, { status: 'sent', sentAt: new Date(), lastError: null }));
      return { id: job.id, status: 'completed' };
    } catch (error) {
      if (error instanceof ClaimLostError) return { id: job.id, status: 'failed', output: { error: error.message } };
      const permanent = stage === 'smtp' && isPermanentSmtpError(error);
      const status: EmailStatus = permanent || job.retryCount >= job.retryLimit ? 'dead' : 'retrying';
      const lastError =
        stage === 'smtp' ? `smtp: ${describeSmtpError(error)}` : `database: ${databaseErrorCode(error)}`;
      this.logger.warn(
        { donorEmailId: id, attempt: job.retryCount + 1, status, error: lastError },
        'donor email attempt failed',
      );
      await this.rows
        .updateDelivery(id, { status, lastError })
        .catch((updateError: unknown) =>
          this.logger.error(
            { donorEmailId: id, code: databaseErrorCode(updateError) },
            'could not record the email failure',
          ),
        );
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { error: lastError } };
    }
  }
}
