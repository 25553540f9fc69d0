import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { QueueService } from '../queue/queue.service';
import {
  EMAIL_STATUSES,
  SUBMISSION_EMAIL_DEAD_LETTER_QUEUE,
  SubmissionEmailJob,
  type EmailStatus,
  type SubmissionEmailJobData,
} from './submission-email.job';

export type EmailStatusCounts = Record<EmailStatus, number>;

export interface RetryDeadResult {
  /** Submissions whose delivery was queued again. */
  requeued: string[];
}

/**
 * Staff operations on submission email delivery, for `npm run mail -- status|retry` (the staff CLI wires them).
 *
 * - `countByStatus()`: how many submissions are queued, sending, retrying, sent and dead (every status present,
 *   zero when none). `sending` that stays high while no worker runs means jobs wait for a worker.
 * - `retryDead({ ids? })`: gives dead deliveries (last retry used up, or a permanent SMTP refusal such as 550)
 *   a fresh job with the full retry schedule. Per submission only the message that was not accepted yet is sent
 *   again (the sent-at guard), so a staff notification is never duplicated by a retry. The status goes back to
 *   `queued` and the job commits in the same transaction; the retry is written to `audit_log` (ids only).
 *
 * Use it from an application context built with `runWorker: false` (a CLI must not start a mail worker); the
 * jobs it queues are picked up by the web process or `npm run worker`.
 */
@Injectable()
export class MailRecoveryService {
  private readonly logger = new Logger(MailRecoveryService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly queue: QueueService,
    private readonly job: SubmissionEmailJob,
  ) {}

  async countByStatus(): Promise<EmailStatusCounts> {
    const groups = await this.prisma.submission.groupBy({
      by: ['emailStatus'],
      where: { erasedAt: null },
      _count: { _all: true },
    });
    const counts = Object.fromEntries(EMAIL_STATUSES.map((status) => [status, 0])) as EmailStatusCounts;
    for (const group of groups) counts[group.emailStatus as EmailStatus] = group._count._all;
    return counts;
  }

  /** Re-queues every dead delivery, or only the given submission ids among them. */
  async retryDead(options: { ids?: string[] } = {}): Promise<RetryDeadResult> {
    const requeued = await this.prisma.$transaction(async (tx) => {
      const dead = await tx.submission.updateManyAndReturn({
        where: { emailStatus: 'dead', erasedAt: null, ...(options.ids ? { id: { in: options.ids } } : {}) },
        data: { emailStatus: 'queued' },
        select: { id: true },
      });
      for (const { id } of dead) await this.job.enqueue(tx, id);
      if (dead.length > 0) {
        await tx.auditLog.create({
          data: { action: 'mail.retry', detail: { count: dead.length, submissionIds: dead.map(({ id }) => id) } },
        });
      }
      return dead.map(({ id }) => id);
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
