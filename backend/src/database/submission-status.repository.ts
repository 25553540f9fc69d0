import { Injectable } from '@nestjs/common';
import type { StaffStatusAction } from '@stichting/contracts';
import type { Submission, SubmissionStatusChange } from '../generated/prisma/client';
import { PrismaService } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

/** What staff follow-up reads of a request: its kind, sender's name and dates, and where it stands. */
export type SubmissionStanding = Pick<
  Submission,
  'id' | 'type' | 'name' | 'email' | 'language' | 'createdAt' | 'status' | 'outcome' | 'firstContactAt' | 'closedAt'
>;

const STANDING = {
  id: true,
  type: true,
  name: true,
  email: true,
  language: true,
  createdAt: true,
  status: true,
  outcome: true,
  firstContactAt: true,
  closedAt: true,
} as const;

/** Who made a change and how (docs/product.md §4.10): a link's POST from the confirmation page, or the command. */
export interface StatusChangeSource {
  via: 'link' | 'command';
  note?: string;
  changedBy?: string;
}

/** `changed`: this call moved the request; otherwise it already stood there or past it, and nothing was written. */
export type StatusChangeResult = { changed: boolean; standing: SubmissionStanding };

/** docs/product.md §4.10: the duplicate note looks back this far for the same address and type. */
export const DUPLICATE_WINDOW_DAYS = 30;

/**
 * A request's status and its history (`submissions.status`, `outcome`, `first_contact_at`, `closed_at`, and the
 * `submission_status_changes` table; docs/product.md §4.10). Every change is a conditional update and its history row
 * in one transaction: of two clicks at once, the second finds the row already moved and changes nothing.
 */
@Injectable()
export class SubmissionStatusRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The request as follow-up reads it; undefined when it is gone or erased (its links then name nothing). */
  async standing(id: string): Promise<SubmissionStanding | undefined> {
    const row = await this.prisma.submission.findFirst({ where: { id, erasedAt: null }, select: STANDING });
    return row ?? undefined;
  }

  /**
   * Moves the request as `action` says, when it may still go there: `contacted` only from new; `closed` from new or
   * contacted (the first contact is then now too). The WHERE on the current status makes each update a
   * compare-and-set under the row's lock: a second click at once waits, finds the status moved, and updates nothing.
   */
  async apply(
    id: string,
    action: StaffStatusAction,
    source: StatusChangeSource,
    now = new Date(),
  ): Promise<StatusChangeResult | undefined> {
    return this.prisma.$transaction(async (tx) => {
      const where = { id, erasedAt: null };
      let moved: number;
      if (action.status === 'contacted') {
        ({ count: moved } = await tx.submission.updateMany({
          where: { ...where, status: 'new' },
          data: { status: 'contacted', firstContactAt: now },
        }));
      } else {
        const closed = { status: 'closed' as const, outcome: action.outcome, closedAt: now };
        ({ count: moved } = await tx.submission.updateMany({
          where: { ...where, status: 'new' },
          data: { ...closed, firstContactAt: now },
        }));
        if (moved === 0) {
          ({ count: moved } = await tx.submission.updateMany({
            where: { ...where, status: 'contacted' },
            data: closed,
          }));
        }
      }
      if (moved > 0) {
        await tx.submissionStatusChange.create({
          data: {
            submissionId: id,
            status: action.status,
            outcome: action.status === 'closed' ? action.outcome : null,
            note: source.note || null,
            changedBy: source.changedBy || null,
            via: source.via,
            createdAt: now,
          },
        });
      }
      const standing = await tx.submission.findFirst({ where, select: STANDING });
      return standing ? { changed: moved > 0, standing } : undefined;
    });
  }

  /** Every change of a request, oldest first. */
  history(id: string): Promise<SubmissionStatusChange[]> {
    return this.prisma.submissionStatusChange.findMany({
      where: { submissionId: id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * docs/product.md §4.10 duplicate note: the newest earlier request of the same type from the same address (any
   * letter case, otherwise literal: `_` and `%` are not wildcards) within DUPLICATE_WINDOW_DAYS before this one.
   */
  async earlierFromSameAddress(
    submission: Pick<Submission, 'id' | 'type' | 'email' | 'createdAt'>,
  ): Promise<SubmissionStanding | undefined> {
    const since = new Date(submission.createdAt.getTime() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const row = await this.prisma.submission.findFirst({
      where: {
        id: { not: submission.id },
        type: submission.type,
        email: equalsIgnoringCase(submission.email),
        erasedAt: null,
        createdAt: { gte: since, lte: submission.createdAt },
      },
      orderBy: { createdAt: 'desc' },
      select: STANDING,
    });
    return row ?? undefined;
  }
}
