import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SubmissionType } from '@stichting/contracts';
import { dutchDay, isDutchBusinessDay, type CalendarDay } from '../common/dutch-business-days';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { OverdueRequestsRepository, type OverdueCutoffs } from '../database/overdue-requests.repository';
import { StaffOverviewEmailsRepository } from '../database/staff-overview-emails.repository';
import { describeSmtpError, isPermanentSmtpError, MailTransport } from '../mail/mail.transport';
import { messageIdFor, recordSent } from '../mail/email-delivery';
import { StaffFollowUp } from '../staff-actions/staff-follow-up';
import { overdueCutoffs, promisedBy, startOfDutchDay } from './overdue-rule';
import { renderStaffOverview } from './staff-overview.render';
import { SpreadsheetLinks } from './spreadsheet-links';

/** The overview lists this many requests at most; the spreadsheet link holds them all. */
export const OVERVIEW_LIST_LIMIT = 50;

/** What one run did: nothing on a weekend or holiday, nothing when nothing waits, or the overview of that many. */
export type OverviewOutcome =
  | { outcome: 'not-a-business-day'; day: CalendarDay }
  | { outcome: 'nothing-waits'; day: CalendarDay }
  | { outcome: 'already-sent'; day: CalendarDay }
  | { outcome: 'sent'; day: CalendarDay; requests: number };

/** The overdue cut-off of each type on `day`, as instants (midnight in Amsterdam of each cut-off day). */
export function overdueCutoffInstants(day: CalendarDay): OverdueCutoffs {
  const days = overdueCutoffs(day);
  return Object.fromEntries(
    Object.entries(days).map(([type, cutoff]) => [type, startOfDutchDay(cutoff)]),
  ) as OverdueCutoffs;
}

/**
 * The daily overview (docs/product.md §4.10.1): on a Dutch business day, an email to STAFF_EMAIL of the requests still
 * new past their promised answer time, oldest first, each with fresh action links, and a spreadsheet link of every
 * open request. Stored before it is sent, one per Dutch calendar day, so a retry or a second instance sends it once.
 */
@Injectable()
export class StaffOverviewService {
  private readonly logger = new Logger(StaffOverviewService.name);

  constructor(
    private readonly overdue: OverdueRequestsRepository,
    private readonly emails: StaffOverviewEmailsRepository,
    private readonly followUp: StaffFollowUp,
    private readonly spreadsheets: SpreadsheetLinks,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The overview of the Dutch day `now` falls on. `now` is when the run was due (the scheduled job's creation), so a
   * retry later in the day, or after midnight, still sends that day's overview and no other.
   */
  async send(now: Date): Promise<OverviewOutcome> {
    const day = dutchDay(now);
    if (!isDutchBusinessDay(day)) return { outcome: 'not-a-business-day', day };
    const stored = await this.emails.findByDay(day);
    if (stored?.sentAt) return { outcome: 'already-sent', day };
    const cutoffs = overdueCutoffInstants(day);
    const counts = await this.overdue.countByType(cutoffs);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    if (total === 0) return { outcome: 'nothing-waits', day };

    await this.emails.insertOnce(day, total);
    const row = await this.emails.claimForSending(day);
    if (!row) return { outcome: 'already-sent', day };
    try {
      const requests = await this.overdue.list(cutoffs, OVERVIEW_LIST_LIMIT);
      const linkTime = new Date();
      const rendered = renderStaffOverview({
        day,
        total,
        downloadUrl: this.spreadsheets.url({ kind: 'open' }, linkTime),
        entries: requests.map((request) => {
          const type = request.type as SubmissionType;
          return {
            id: request.id,
            type,
            firstName: request.name.trim().split(/\s+/)[0] ?? '',
            createdAt: request.createdAt,
            promisedBy: promisedBy(type, dutchDay(request.createdAt)),
            actions: this.followUp.actionLinks(request.id, type, linkTime),
          };
        }),
      });
      await this.transport.send({
        ...rendered,
        messageId: messageIdFor(`overview-${day}`, 'staff', this.config.mail.from),
        to: this.config.mail.staffEmail,
        language: 'nl',
      });
    } catch (error) {
      const lastError = describeSmtpError(error);
      await this.emails.recordFailure(row.id, isPermanentSmtpError(error) ? 'dead' : 'retrying', lastError);
      this.logger.warn({ day, attempt: row.attempts, error: lastError }, 'staff overview attempt failed');
      throw error;
    }
    await recordSent(() => this.emails.recordSent(row.id));
    this.logger.log({ day, requests: total }, 'staff overview sent');
    return { outcome: 'sent', day, requests: total };
  }
}
