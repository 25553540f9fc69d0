import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository } from '../database/submissions.repository';
import { loadSiteCopy } from '../common/site-copy';
import type { Prisma, Submission } from '../generated/prisma/client';
import { EmailStatus } from '../generated/prisma/enums';
import { MetricsService } from '../metrics/metrics.service';
import type { JobHandler } from '../queue/job-definition';
import { StaffFollowUp } from '../staff-actions/staff-follow-up';
import { ConfirmationCapCheck } from './confirmation-caps';
import { databaseErrorCode, failedAttempt, messageIdFor, recordSent, sendForJob } from './email-delivery';
import { MailTransport, type OutgoingMail } from './mail.transport';
import { renderConfirmation } from './templates/confirmation';
import { renderStaffNotification } from './templates/staff-notification';

export interface SubmissionEmailJobData {
  submissionId: string;
}

/** Delivery state stored on the submission (`email_status`): the schema's enum, in its declared order. */
export const EMAIL_STATUSES: readonly EmailStatus[] = Object.values(EmailStatus);
export { EmailStatus };

export type MessageKind = 'staff' | 'confirmation';

/**
 * The email job of a submission: a staff notification and a confirmation to the visitor. The confirmation goes out
 * only within the caps per address and per hour (confirmation-caps.ts); past them it is skipped, the row says why,
 * and the delivery is complete once staff have their message.
 *
 * Exactly-once as far as SMTP allows: each message has a sent-at column that is checked before sending and set
 * as soon as SMTP accepts it, so a retried job (after a failure, a crash or a SIGKILL) sends only what is still
 * missing. The remaining window is between SMTP's acceptance and that update; the stable Message-ID lets a
 * receiving system drop a repeat from it.
 */
@Injectable()
export class SubmissionEmailJob implements JobHandler<SubmissionEmailJobData> {
  private readonly logger = new Logger(SubmissionEmailJob.name);
  private readonly confirmationCaps: ConfirmationCapCheck;

  constructor(
    prisma: PrismaService,
    private readonly submissions: SubmissionsRepository,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: MetricsService,
    private readonly followUp: StaffFollowUp,
  ) {
    this.confirmationCaps = new ConfirmationCapCheck(prisma, submissions, this.logger, (reason) =>
      metrics.confirmationSkipped(reason),
    );
    // The email copy is read at start: a missing or half-translated locale file stops the process here, not a mail.
    loadSiteCopy();
  }

  /** One batch of jobs, as queue/jobs.ts `submission-email` has pg-boss fetch them. */
  handle(jobs: JobWithMetadata<SubmissionEmailJobData>[]): Promise<JobResult[]> {
    return this.deliverBatch(jobs);
  }

  /**
   * One attempt for each job of a batch: one statement marks them all `sending` and reads the rows, one
   * transaction decides the confirmations still undecided (caps), then each submission is delivered on its own.
   * Never throws; the results tell pg-boss what to do with each job.
   */
  async deliverBatch(jobs: JobWithMetadata<SubmissionEmailJobData>[]): Promise<JobResult[]> {
    const ids = [...new Set(jobs.map((job) => job.data.submissionId))];
    let rows: Map<string, Submission>;
    let confirmationAllowed: Map<string, boolean>;
    try {
      const started = await this.submissions.startEmailAttempts(ids);
      rows = new Map(started.map((row) => [row.id, row]));
      confirmationAllowed = await this.decideConfirmations(started);
    } catch (error) {
      const code = databaseErrorCode(error);
      this.logger.warn({ code, jobs: jobs.length }, 'could not start submission email attempts');
      return jobs.map((job) => ({ id: job.id, status: 'failed', output: { error: `database: ${code}` } }));
    }
    // Two jobs for one submission in one batch: only the first may send, or both would pass the sent-at guard.
    const seen = new Set<string>();
    return Promise.all(
      jobs.map((job): Promise<JobResult> => {
        const { submissionId } = job.data;
        const submission = rows.get(submissionId);
        if (!submission || seen.has(submissionId)) {
          return Promise.resolve({
            id: job.id,
            status: 'completed',
            output: { skipped: submission ? 'duplicate' : 'gone' },
          });
        }
        seen.add(submissionId);
        return this.deliver(job, submission, confirmationAllowed.get(submissionId) === true);
      }),
    );
  }

  /**
   * Whether each submission's confirmation may go out under the caps (CONFIRMATION_CAP_*), by id. Decided once
   * per submission, oldest first, and recorded on the row; a skipped confirmation stays skipped and the delivery
   * is complete once staff have their message. Only the undecided rows cost a decision.
   */
  private async decideConfirmations(rows: Submission[]): Promise<Map<string, boolean>> {
    const allowed = new Map(rows.map((row) => [row.id, row.confirmationAllowedAt !== null]));
    const undecided = rows
      .filter((row) => !row.confirmationSentAt && !row.confirmationAllowedAt && !row.confirmationSkipped)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => row.id);
    if (undecided.length === 0) return allowed;
    const reasons = await this.confirmationCaps.decide(undecided, this.config.mail.confirmationCaps);
    for (const id of undecided) allowed.set(id, reasons.get(id) === null);
    return allowed;
  }

  private async deliver(
    job: JobWithMetadata<SubmissionEmailJobData>,
    submission: Submission,
    isConfirmationAllowed: boolean,
  ): Promise<JobResult> {
    const submissionId = submission.id;
    // What was being done when an attempt fails: sending one of the messages, or reading/writing the row.
    let stage: MessageKind | 'database' = 'database';
    try {
      if (!submission.emailSentAt) {
        stage = 'staff';
        await this.send(job, await this.staffNotification(submission));
        stage = 'database';
        await this.recordSent(submissionId, { emailSentAt: new Date() });
      }
      let isConfirmationSent = false;
      if (!submission.confirmationSentAt && isConfirmationAllowed) {
        stage = 'confirmation';
        await this.send(job, this.confirmation(submission));
        stage = 'database';
        isConfirmationSent = true;
      }
      await this.recordSent(submissionId, {
        emailStatus: 'sent',
        emailLastError: null,
        ...(isConfirmationSent ? { confirmationSentAt: new Date() } : {}),
      });
      return { id: job.id, status: 'completed' };
    } catch (error) {
      return failedAttempt({
        job,
        stage,
        error,
        logger: this.logger,
        subject: { submissionId },
        label: 'submission email',
        record: (emailStatus, emailLastError) =>
          this.submissions.updateDelivery(submissionId, { emailStatus, emailLastError }),
      });
    }
  }

  /** Writes what SMTP has accepted, through a database outage too (email-delivery.ts). */
  private recordSent(submissionId: string, data: Prisma.SubmissionUpdateManyMutationInput): Promise<void> {
    return recordSent(() => this.submissions.updateDelivery(submissionId, data));
  }

  private send(job: JobWithMetadata<SubmissionEmailJobData>, mail: OutgoingMail): Promise<void> {
    return sendForJob(this.transport, job, mail);
  }

  /** docs/product.md §4.10: with its status links, signed at sending, and the duplicate note. */
  private async staffNotification(submission: Submission): Promise<OutgoingMail> {
    const rendered = renderStaffNotification(submission, await this.followUp.forSubmission(submission));
    return {
      ...rendered,
      messageId: messageIdFor(submission.id, 'staff', this.config.mail.from),
      to: this.config.mail.staffEmail,
      replyTo: submission.email,
      language: 'nl',
    };
  }

  private confirmation(submission: Submission): OutgoingMail {
    const rendered = renderConfirmation(submission);
    return {
      ...rendered,
      messageId: messageIdFor(submission.id, 'confirmation', this.config.mail.from),
      to: submission.email,
      replyTo: this.config.mail.staffEmail,
    };
  }
}
