import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobResult, JobWithMetadata, PrismaTransactionLike } from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { isDatabaseUnavailable } from '../common/api-error';
import type { Submission } from '../generated/prisma/client';
import { QueueService } from '../queue/queue.service';
import { describeSmtpError, isPermanentSmtpError, MailTransport, type OutgoingMail } from './mail.transport';
import { renderConfirmation } from './templates/confirmation';
import { renderStaffNotification } from './templates/staff-notification';

export const SUBMISSION_EMAIL_QUEUE = 'submission-email';
/** Where pg-boss moves a job after its last retry or a permanent SMTP refusal. Nothing works it: it is a record. */
export const SUBMISSION_EMAIL_DEAD_LETTER_QUEUE = 'submission-email-dead';

export interface SubmissionEmailJobData {
  submissionId: string;
}

/** Delivery state stored on the submission (`email_status`). */
export const EMAIL_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'dead'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export type MessageKind = 'staff' | 'confirmation';

/**
 * Longest one batch may run. A live worker keeps its jobs through heartbeats; a killed one loses them after
 * HEARTBEAT_SECONDS (plus pg-boss's monitor interval, 60 s) and they are retried elsewhere.
 */
const EXPIRE_IN_SECONDS = 10 * 60;
const HEARTBEAT_SECONDS = 10;
/**
 * Once SMTP has accepted a message, recording that keeps trying through a database outage this long: a failed
 * record would make the retry send the message again (issue 8: every message in flight when PostgreSQL restarted
 * was delivered twice).
 */
const RECORD_RETRY_MS = 60_000;

/** The delivery-state writes of one attempt ($1 = the submission's id). */
const RECORD_STAFF_SENT = 'UPDATE submissions SET email_sent_at = $2 WHERE id = $1';
const RECORD_DELIVERED = "UPDATE submissions SET email_status = 'sent', email_last_error = NULL WHERE id = $1";
const RECORD_CONFIRMATION_SENT_AND_DELIVERED =
  "UPDATE submissions SET email_status = 'sent', email_last_error = NULL, confirmation_sent_at = $2 WHERE id = $1";
const RECORD_FAILURE = 'UPDATE submissions SET email_status = $2, email_last_error = $3 WHERE id = $1';

/** `<submission-id.staff@example.org>`: the same for every attempt, so a repeat is recognisable downstream. */
export function messageIdFor(submissionId: string, kind: MessageKind, mailFrom: string): string {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `<${submissionId}.${kind}@${domain}>`;
}

class ClaimLostError extends Error {
  constructor() {
    super('the job was taken over by another attempt');
  }
}

/**
 * The email job of a submission (issue 5): a staff notification and a confirmation to the visitor.
 *
 * Exactly-once as far as SMTP allows: each message has a sent-at column that is checked before sending and set
 * as soon as SMTP accepts it, so a retried job (after a failure, a crash or a SIGKILL) sends only what is still
 * missing. The remaining window is between SMTP's acceptance and that update; the stable Message-ID lets a
 * receiving system drop a repeat from it.
 */
@Injectable()
export class SubmissionEmailJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(SubmissionEmailJob.name);

  constructor(
    private readonly queue: QueueService,
    private readonly prisma: PrismaService,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  /** Inside the submission's transaction: the job exists only if the submission does. */
  enqueue(tx: PrismaTransactionLike, submissionId: string): Promise<string | null> {
    const data: SubmissionEmailJobData = { submissionId };
    return this.queue.sendInTransaction(tx, SUBMISSION_EMAIL_QUEUE, data);
  }

  /**
   * One attempt for each job of a batch: one statement marks them all `sending` and reads the rows, then each
   * submission is delivered on its own. Never throws; the results tell pg-boss what to do with each job.
   */
  async deliverBatch(jobs: JobWithMetadata<SubmissionEmailJobData>[]): Promise<JobResult[]> {
    const ids = [...new Set(jobs.map((job) => job.data.submissionId))];
    let rows: Map<string, Submission>;
    try {
      const started = await this.prisma.submission.updateManyAndReturn({
        where: { id: { in: ids }, erasedAt: null },
        data: { emailStatus: 'sending', emailAttempts: { increment: 1 } },
      });
      rows = new Map(started.map((row) => [row.id, row]));
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? (error as Error).name);
      this.logger.warn({ code, jobs: jobs.length }, 'could not start submission email attempts');
      return jobs.map((job) => ({ id: job.id, status: 'failed', output: { error: `database: ${code}` } }));
    }
    // Two jobs for one submission in one batch: only the first may send, or both would pass the sent-at guard.
    const seen = new Set<string>();
    return Promise.all(
      jobs.map((job) => {
        const { submissionId } = job.data;
        const submission = rows.get(submissionId);
        if (!submission || seen.has(submissionId)) {
          return { id: job.id, status: 'completed' as const, output: { skipped: submission ? 'duplicate' : 'gone' } };
        }
        seen.add(submissionId);
        return this.deliver(job, submission);
      }),
    );
  }

  private async deliver(job: JobWithMetadata<SubmissionEmailJobData>, submission: Submission): Promise<JobResult> {
    const submissionId = submission.id;
    // What was being done when an attempt fails: sending one of the messages, or reading/writing the row.
    let stage: MessageKind | 'database' = 'database';
    try {
      if (!submission.emailSentAt) {
        stage = 'staff';
        await this.send(job, this.staffNotification(submission));
        stage = 'database';
        await this.recordSent(submissionId, RECORD_STAFF_SENT, [new Date()]);
      }
      if (!submission.confirmationSentAt) {
        stage = 'confirmation';
        await this.send(job, this.confirmation(submission));
        stage = 'database';
      }
      await this.recordSent(
        submissionId,
        submission.confirmationSentAt ? RECORD_DELIVERED : RECORD_CONFIRMATION_SENT_AND_DELIVERED,
        submission.confirmationSentAt ? [] : [new Date()],
      );
      return { id: job.id, status: 'completed' };
    } catch (error) {
      if (error instanceof ClaimLostError) return { id: job.id, status: 'failed', output: { error: error.message } };
      const permanent = stage !== 'database' && isPermanentSmtpError(error);
      const isLastAttempt = permanent || job.retryCount >= job.retryLimit;
      // Codes only for database errors: Prisma's messages may quote the values of a query.
      const detail =
        stage === 'database'
          ? String((error as { code?: unknown }).code ?? (error as Error).name ?? 'error')
          : describeSmtpError(error);
      const lastError = `${stage}: ${detail}`;
      const status: EmailStatus = isLastAttempt ? 'dead' : 'retrying';
      this.logger.warn(
        { submissionId, attempt: job.retryCount + 1, status, error: lastError },
        'submission email attempt failed',
      );
      await this.queue
        .sql(RECORD_FAILURE, [submissionId, status, lastError])
        .catch((updateError: { code?: unknown }) =>
          this.logger.error({ submissionId, code: updateError.code }, 'could not record the email failure'),
        );
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { error: lastError } };
    }
  }

  /**
   * Writes what SMTP has accepted (`statement` with $1 = the submission, then `values`), retrying while PostgreSQL
   * is unreachable (for at most RECORD_RETRY_MS). A plain statement on the queue's pool: two per submission, so
   * Prisma's per-query work was a tenth of the worker's CPU.
   */
  private async recordSent(submissionId: string, statement: string, values: unknown[]): Promise<void> {
    const deadline = Date.now() + RECORD_RETRY_MS;
    for (;;) {
      try {
        const { rowCount } = await this.queue.sql(statement, [submissionId, ...values]);
        // As Prisma's update did: a row that is gone (purged meanwhile) fails the attempt; the retry finds it gone.
        if (rowCount !== 1) throw Object.assign(new Error('the submission is gone'), { code: 'P2025' });
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
