import { Injectable } from '@nestjs/common';
import type { StaffStatusAction, SubmissionType } from '@stichting/contracts';
import { dutchDay } from '../common/dutch-business-days';
import { SubmissionStatusRepository, type SubmissionStanding } from '../database/submission-status.repository';
import type { Submission } from '../generated/prisma/client';
import { SpreadsheetLinks } from '../staff-overview/spreadsheet-links';
import { StaffLinks } from './staff-links';
import { statusActionsFor } from './staff-status-link';

/** What a staff email shows below a request (docs/product.md §4.10): its action links and an earlier request. */
export interface StaffFollowUpBlock {
  actions: Array<{ action: StaffStatusAction; url: string }>;
  /** The same address's newest request of the same type in the 30 days before this one. */
  earlier: SubmissionStanding | undefined;
  /** docs/product.md §4.10.2: "download as a spreadsheet" of this type's requests of the month it arrived in. */
  spreadsheet: { type: SubmissionType; month: string; url: string };
}

@Injectable()
export class StaffFollowUp {
  constructor(
    private readonly links: StaffLinks,
    private readonly statuses: SubmissionStatusRepository,
    private readonly spreadsheets: SpreadsheetLinks,
  ) {}

  /** The links of every action the request's type offers, signed now, and the duplicate note's earlier request. */
  async forSubmission(
    submission: Pick<Submission, 'id' | 'type' | 'email' | 'createdAt'>,
    now = new Date(),
  ): Promise<StaffFollowUpBlock> {
    return {
      actions: this.actionLinks(submission.id, submission.type as SubmissionType, now),
      earlier: await this.statuses.earlierFromSameAddress(submission),
      spreadsheet: this.monthSpreadsheet(
        submission.type as SubmissionType,
        dutchDay(submission.createdAt).slice(0, 7),
        now,
      ),
    };
  }

  private monthSpreadsheet(type: SubmissionType, month: string, now: Date): StaffFollowUpBlock['spreadsheet'] {
    return { type, month, url: this.spreadsheets.url({ kind: 'month', type, month }, now) };
  }

  actionLinks(submissionId: string, type: SubmissionType, now = new Date()): StaffFollowUpBlock['actions'] {
    return statusActionsFor(type).map((action) => ({ action, url: this.links.statusUrl(submissionId, action, now) }));
  }
}
