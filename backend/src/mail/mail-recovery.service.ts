import { Injectable, Logger } from '@nestjs/common';
import { AuditLogRepository } from '../database/audit-log.repository';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository } from '../database/submissions.repository';
import { QueueService } from '../queue/queue.service';
import {
  SUBMISSION_EMAIL_DEAD_LETTER_QUEUE,
  SUBMISSION_EMAIL_QUEUE,
  type SubmissionEmailJobData,
} from './submission-email.job';

export interface RetryDeadResult {
  /** Submissions whose delivery was queued again. */
  requeued: string[];
}

/** The email queue was never created (the app or the worker creates it when it starts); nothing was changed. */
export class EmailQueueMissingError extends Error {
  constructor() {
    super(`the queue ${SUBMISSION_EMAIL_QUEUE} does not exist yet`);
  }
}

/**
 * Gives dead deliveries (last retry used up, or a permanent SMTP refusal such as 550) a fresh job with the full
 * retry schedule, for `npm run mail -- retry` (docs/architecture.md §4.6). Per submission only the message that was
 * not accepted yet is sent again (the sent-at guard), so a staff notification is never duplicated by a retry. The
 * status goes back to `queued` and the job commits in the same transaction; the retry is written to `audit_log`
 * (ids only).
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
    private readonly auditLog: AuditLogRepository,
    private readonly queue: QueueService,
  ) {}

  /** Re-queues every dead delivery, or only the given submission ids among them. */
  async retryDead(options: { ids?: string[] } = {}): Promise<RetryDeadResult> {
    const requeued = await this.prisma.$transaction(async (tx) => {
      const dead = await this.submissions.requeueDead(options.ids, tx);
      if (dead.length === 0) return [];
      if (!(await this.queue.boss.getQueue(SUBMISSION_EMAIL_QUEUE))) throw new EmailQueueMissingError();
      for (const submissionId of dead) {
        const data: SubmissionEmailJobData = { submissionId };
        await this.queue.sendInTransaction(tx, SUBMISSION_EMAIL_QUEUE, data);
      }
      await this.auditLog.record('mail.retry', { count: dead.length, submissionIds: dead }, tx);
      return dead;
    });
    await this.clearDeadLetters(new Set(requeued));
    return { requeued };
  }

  /** The dead-letter copies of re-queued deliveries are no longer news; best effort, they expire anyway. */
  private async clearDeadLetters(submissionIds: Set<string>): Promise<void> {
    if (submissionIds.size === 0) return;
    try {
      const letters = await this.queue.boss.findJobs<SubmissionEmailJobData>(SUBMISSION_EMAIL_DEAD_LETTER_QUEUE, {
        queued: true,
      });
      const ids = letters.filter((letter) => submissionIds.has(letter.data.submissionId)).map((letter) => letter.id);
      if (ids.length > 0) await this.queue.boss.deleteJob(SUBMISSION_EMAIL_DEAD_LETTER_QUEUE, ids);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'could not clear dead letters');
    }
  }
}
