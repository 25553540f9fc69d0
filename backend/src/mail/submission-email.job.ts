import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { isDatabaseUnavailable } from '../common/api-error';
import type { Prisma, Submission } from '../generated/prisma/client';
import { EmailStatus } from '../generated/prisma/enums';
import { MetricsService } from '../metrics/metrics.service';
import { QueueService } from '../queue/queue.service';
import { ConfirmationCapCheck } from './confirmation-caps';
import { describeSmtpError, isPermanentSmtpError, MailTransport, type OutgoingMail } from './mail.transport';
import { renderConfirmation } from './templates/confirmation';
import { renderStaffNotification } from './templates/staff-notification';

export const SUBMISSION_EMAIL_QUEUE = 'submission-email';
/** Where pg-boss moves a job after its last retry or a permanent SMTP refusal. Nothing works it: it is a record. */
export const SUBMISSION_EMAIL_DEAD_LETTER_QUEUE = 'submission-email-dead';

export interface SubmissionEmailJobData {
  submissionId: string;
}

/** Delivery state stored on the submission (`email_status`): the schema's enum, in its declared order. */
export const EMAIL_STATUSES: readonly EmailStatus[] = Object.values(EmailStatus);
export { EmailStatus };

export type MessageKind = 'staff' | 'confirmation';

/**
 * Longest one batch may run. A live worker keeps its jobs through heartbeats; a killed one loses them after
 * HEARTBEAT_SECONDS (plus pg-boss's monitor interval, 60 s) and they are retried elsewhere.
 */
const EXPIRE_IN_SECONDS = 10 * 60;
const HEARTBEAT_SECONDS = 10;
/**
 * Once SMTP has accepted a message, recording that keeps trying through a database outage this long: a failed
 * record would make the retry send the message again (before this, every message in flight when PostgreSQL restarted
 * was delivered twice).
 */
const RECORD_RETRY_MS = 60_000;

/** `<submission-id.staff@example.org>`: the same for every attempt, so a repeat is recognisable downstream. */
export function messageIdFor(submissionId: string, kind: MessageKind, mailFrom: string): string {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `<${submissionId}.${kind}@${domain}>`;
}

/** A database error's code (Prisma's `P2024`, PostgreSQL's `57P01`), or its name: never its message, which may quote values. */
function databaseErrorCode(error: unknown): string {
  const { code, name } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
  };
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return typeof name === 'string' ? name : 'error';
}

class ClaimLostError extends Error {
  constructor() {
    super('the job was taken over by another attempt');
  }
}

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
export class SubmissionEmailJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(SubmissionEmailJob.name);
  private readonly confirmationCaps: ConfirmationCapCheck;

  constructor(
    private readonly queue: QueueService,
    private readonly prisma: PrismaService,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: MetricsService,
  ) {
    this.confirmationCaps = new ConfirmationCapCheck(prisma, this.logger, (reason) =>
      metrics.confirmationSkipped(reason),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureQueues();
    if (this.config.runWorker) await this.startWorker();
  }

  /** Creates or updates both queues; the dead-letter queue must exist before the queue that names it. */
  async ensureQueues(): Promise<void> {
    const { retry } = this.config.mail;
    const options = {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: retry.retryDelayMaxSeconds,
      expireInSeconds: EXPIRE_IN_SECONDS,
      deadLetter: SUBMISSION_EMAIL_DEAD_LETTER_QUEUE,
    };
    await this.queue.boss.createQueue(SUBMISSION_EMAIL_DEAD_LETTER_QUEUE, { retentionSeconds: 60 * 60 * 24 * 30 });
    await this.queue.boss.createQueue(SUBMISSION_EMAIL_QUEUE, { ...options, heartbeatSeconds: HEARTBEAT_SECONDS });
    // createQueue leaves an existing queue alone: apply a changed retry policy to jobs sent from now on.
    await this.queue.boss.updateQueue(SUBMISSION_EMAIL_QUEUE, options);
  }

  async startWorker(): Promise<void> {
    const { batchSize, workerConcurrency } = this.config.mail;
    await this.queue.boss.work(
      SUBMISSION_EMAIL_QUEUE,
      {
        batchSize,
        localConcurrency: workerConcurrency,
        includeMetadata: true,
        perJobResults: true,
        pollingIntervalSeconds: 1,
        burstWhenBatchFull: true,
      } as const,
      (jobs: JobWithMetadata<SubmissionEmailJobData>[]) => this.deliverBatch(jobs),
    );
    this.logger.log({ batchSize, workerConcurrency }, 'submission email worker started');
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
      const started = await this.prisma.submission.updateManyAndReturn({
        where: { id: { in: ids }, erasedAt: null },
        data: { emailStatus: 'sending', emailAttempts: { increment: 1 } },
      });
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
        await this.send(job, this.staffNotification(submission));
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
      if (error instanceof ClaimLostError) return { id: job.id, status: 'failed', output: { error: error.message } };
      const permanent = stage !== 'database' && isPermanentSmtpError(error);
      const isLastAttempt = permanent || job.retryCount >= job.retryLimit;
      // Codes only for database errors: Prisma's messages may quote the values of a query.
      const detail = stage === 'database' ? databaseErrorCode(error) : describeSmtpError(error);
      const lastError = `${stage}: ${detail}`;
      const status: EmailStatus = isLastAttempt ? 'dead' : 'retrying';
      this.logger.warn(
        { submissionId, attempt: job.retryCount + 1, status, error: lastError },
        'submission email attempt failed',
      );
      await this.prisma.submission
        .updateMany({ where: { id: submissionId }, data: { emailStatus: status, emailLastError: lastError } })
        .catch((updateError: unknown) =>
          this.logger.error(
            { submissionId, code: databaseErrorCode(updateError) },
            'could not record the email failure',
          ),
        );
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { error: lastError } };
    }
  }

  /**
   * Writes what SMTP has accepted, retrying while PostgreSQL is unreachable (for at most RECORD_RETRY_MS): a lost
   * write would make the retry send the message again.
   */
  private async recordSent(submissionId: string, data: Prisma.SubmissionUpdateManyMutationInput): Promise<void> {
    const deadline = Date.now() + RECORD_RETRY_MS;
    for (;;) {
      try {
        const { count } = await this.prisma.submission.updateMany({ where: { id: submissionId }, data });
        // A row that is gone (purged or erased meanwhile) fails the attempt; the retry finds it gone.
        if (count !== 1) throw Object.assign(new Error('the submission is gone'), { code: 'P2025' });
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async send(job: JobWithMetadata<SubmissionEmailJobData>, mail: OutgoingMail): Promise<void> {
    // pg-boss aborts the signal when this attempt's claim is gone (expired and retried elsewhere).
    if (job.signal?.aborted) throw new ClaimLostError();
    await this.transport.send(mail);
  }

  private staffNotification(submission: Submission): OutgoingMail {
    const rendered = renderStaffNotification(submission);
    return {
      ...rendered,
      messageId: messageIdFor(submission.id, 'staff', this.config.mailFrom),
      to: this.config.staffEmail,
      replyTo: submission.email,
      language: 'nl',
    };
  }

  private confirmation(submission: Submission): OutgoingMail {
    const rendered = renderConfirmation(submission);
    return {
      ...rendered,
      messageId: messageIdFor(submission.id, 'confirmation', this.config.mailFrom),
      to: submission.email,
      replyTo: this.config.staffEmail,
    };
  }
}
