import { Injectable } from '@nestjs/common';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { SubmissionsRepository, type DeliveryFigures } from '../database/submissions.repository';
import { EMAIL_STATUSES, type EmailStatus } from './submission-email.job';

export type EmailStatusCounts = Record<EmailStatus, number>;

/** The two email outboxes (docs/architecture.md §4): forms' emails, and donor emails (§4.7). */
export const OUTBOXES = ['submission', 'donor'] as const;
export type Outbox = (typeof OUTBOXES)[number];

export interface OutboxStatus {
  /** Emails per delivery state, every state present (zero when none). */
  counts: EmailStatusCounts;
  /** When the oldest email not sent yet was created; null when everything was sent. */
  oldestUndelivered: Date | null;
}

/**
 * Where both outboxes stand, for `npm run mail -- status`: read-only, through the repositories alone, so it needs
 * neither the job queue nor SMTP. Erased submissions are no longer anyone's mail and are left out.
 */
@Injectable()
export class MailStatusService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly donorEmails: DonorEmailsRepository,
  ) {}

  async status(outbox: Outbox): Promise<OutboxStatus> {
    const figures =
      outbox === 'submission' ? await this.submissions.deliveryFigures() : await this.donorEmails.deliveryFigures();
    return summarise(figures);
  }

  /** How many emails of the outbox are queued, sending, retrying, sent and dead. */
  async countByStatus(outbox: Outbox = 'submission'): Promise<EmailStatusCounts> {
    return (await this.status(outbox)).counts;
  }
}

function summarise(figures: DeliveryFigures): OutboxStatus {
  const counts = Object.fromEntries(EMAIL_STATUSES.map((status) => [status, 0])) as EmailStatusCounts;
  let oldestUndelivered: Date | null = null;
  for (const { status, count, oldest } of figures) {
    counts[status] = count;
    if (status !== 'sent' && oldest && (!oldestUndelivered || oldest < oldestUndelivered)) oldestUndelivered = oldest;
  }
  return { counts, oldestUndelivered };
}
