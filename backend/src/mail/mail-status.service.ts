import { Injectable } from '@nestjs/common';
import { SubmissionsRepository } from '../database/submissions.repository';
import { EMAIL_STATUSES, type EmailStatus } from './submission-email.job';

export type EmailStatusCounts = Record<EmailStatus, number>;

/**
 * Where submission emails stand, for `npm run mail -- status`: read-only, through Prisma alone, so it needs
 * neither the job queue nor SMTP. Erased submissions are no longer anyone's mail and are left out.
 */
@Injectable()
export class MailStatusService {
  constructor(private readonly submissions: SubmissionsRepository) {}

  /** How many submissions are queued, sending, retrying, sent and dead (every status present, zero when none). */
  async countByStatus(): Promise<EmailStatusCounts> {
    const counted = await this.submissions.countByEmailStatus();
    const counts = Object.fromEntries(EMAIL_STATUSES.map((status) => [status, counted.get(status) ?? 0]));
    return counts as EmailStatusCounts;
  }

  /** When the oldest submission whose email is not sent yet came in; null when everything was sent. */
  oldestUndelivered(): Promise<Date | null> {
    return this.submissions.oldestUndelivered();
  }
}
