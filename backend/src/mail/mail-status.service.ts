import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { EMAIL_STATUSES, type EmailStatus } from './submission-email.job';

export type EmailStatusCounts = Record<EmailStatus, number>;

/**
 * Where submission emails stand, for `npm run mail -- status`: read-only, through Prisma alone, so it needs
 * neither the job queue nor SMTP. Erased submissions are no longer anyone's mail and are left out.
 */
@Injectable()
export class MailStatusService {
  constructor(private readonly prisma: PrismaService) {}

  /** How many submissions are queued, sending, retrying, sent and dead (every status present, zero when none). */
  async countByStatus(): Promise<EmailStatusCounts> {
    const groups = await this.prisma.submission.groupBy({
      by: ['emailStatus'],
      where: { erasedAt: null },
      _count: { _all: true },
    });
    const counted = new Map(groups.map((group) => [group.emailStatus, group._count._all]));
    const counts = Object.fromEntries(EMAIL_STATUSES.map((status) => [status, counted.get(status) ?? 0]));
    return counts as EmailStatusCounts;
  }

  /** When the oldest submission whose email is not sent yet came in; null when everything was sent. */
  async oldestUndelivered(): Promise<Date | null> {
    const oldest = await this.prisma.submission.findFirst({
      where: { erasedAt: null, emailStatus: { not: 'sent' } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    return oldest?.createdAt ?? null;
  }
}
