import { Injectable, Logger } from '@nestjs/common';
import { AuditLogRepository } from '../database/audit-log.repository';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository } from '../database/submissions.repository';
import type { JobData } from '../queue/jobs';
import { QueueService } from '../queue/queue.service';

export interface RetryDeadResult {
  /** Submissions whose delivery was queued again. */
  requeued: string[];
  /** Donor emails queued again. */
  donorEmails: string[];
}

/** An email queue was never created (the app or the worker creates it when it starts); nothing was changed. */
export class EmailQueueMissingError extends Error {
  constructor(queue: string) {
    super(`the queue ${queue} does not exist yet`);
  }
}

/**
 * Gives dead emails of both outboxes (last retry used up, or a permanent SMTP refusal such as 550) a fresh job with
 * the full retry schedule, for `npm run mail -- retry` (docs/architecture.md §4.6). Per submission only the message
 * that was not accepted yet is sent again (the sent-at guard), so a staff notification is never duplicated by a
 * retry; a donor email is sent again only if it was never accepted. The status goes back to `queued` and the job
 * commits in the same transaction; the retry is written to `audit_log` (ids only).
 *
 * It needs the job queue but no SMTP and no worker: the jobs it queues are picked up by the web process or
 * `npm run worker`.
 */
@Injectable()
export class MailRecoveryService {
  private readonly logger = new Logger(MailRecoveryService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly submissions: SubmissionsRepository,
    private readonly donorEmails: DonorEmailsRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly queue: QueueService,
  ) {}

  /** Re-queues every dead email, or only the given submission ids among them (and then no donor email). */
  async retryDead(options: { ids?: string[] } = {}): Promise<RetryDeadResult> {
    const result = await this.prisma.$transaction(async (tx) => {
      const requeued = await this.submissions.requeueDead(options.ids, tx);
      const donorEmails = options.ids ? [] : await this.donorEmails.requeueDead(undefined, tx);
      if (requeued.length > 0 && !(await this.queue.exists('submission-email'))) {
        throw new EmailQueueMissingError('submission-email');
      }
      if (donorEmails.length > 0 && !(await this.queue.exists('donor-email'))) {
        throw new EmailQueueMissingError('donor-email');
      }
      for (const submissionId of requeued) await this.queue.sendInTransaction(tx, 'submission-email', { submissionId });
      for (const donorEmailId of donorEmails) await this.queue.sendInTransaction(tx, 'donor-email', { donorEmailId });
      if (requeued.length > 0) {
        await this.auditLog.record('mail.retry', { count: requeued.length, submissionIds: requeued }, tx);
      }
      if (donorEmails.length > 0) {
        await this.auditLog.record('mail.retry', { count: donorEmails.length, donorEmailIds: donorEmails }, tx);
      }
      return { requeued, donorEmails };
    });
    await this.clearDeadLetters(result);
    return result;
  }

  /** The dead-letter copies of re-queued emails are no longer news; best effort, they expire anyway. */
  private async clearDeadLetters({ requeued, donorEmails }: RetryDeadResult): Promise<void> {
    try {
      await this.clear('submission-email', requeued, (data) => data.submissionId);
      await this.clear('donor-email', donorEmails, (data) => data.donorEmailId);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not clear dead letters');
    }
  }

  private async clear<Name extends 'submission-email' | 'donor-email'>(
    queue: Name,
    requeued: string[],
    rowOf: (data: JobData<Name>) => string,
  ): Promise<void> {
    if (requeued.length === 0) return;
    const ids = new Set(requeued);
    const letters = await this.queue.deadLetters(queue);
    await this.queue.deleteDeadLetters(
      queue,
      letters.filter((letter) => ids.has(rowOf(letter.data))).map((letter) => letter.id),
    );
  }
}
