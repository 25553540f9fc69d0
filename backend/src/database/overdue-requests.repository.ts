import { Injectable } from '@nestjs/common';
import type { SubmissionType } from '@stichting/contracts';
import type { Submission } from '../generated/prisma/client';
import { PrismaService } from './prisma.service';

/** A request waiting past its promise, as the daily overview lists it: enough to recognise it, no message text. */
export type OverdueRequest = Pick<Submission, 'id' | 'type' | 'name' | 'language' | 'createdAt'>;

/** Per type, the instant before which a request still new is overdue (staff-overview/overdue-rule.ts). */
export type OverdueCutoffs = Record<SubmissionType, Date>;

/**
 * The reads of staff follow-up (docs/product.md §4.10.1) on the `submissions` table: the requests still new past their
 * promised answer time, for the daily overview, the metrics and `npm run requests -- overdue`. Each is one indexed
 * range per type (`status, type, created_at`), so the work stays bounded however many requests wait.
 */
@Injectable()
export class OverdueRequestsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The overdue requests, oldest first; at most `limit`. Erased ones have nobody to answer and are left out. */
  list(cutoffs: OverdueCutoffs, limit: number): Promise<OverdueRequest[]> {
    return this.prisma.submission.findMany({
      where: this.where(cutoffs),
      select: { id: true, type: true, name: true, language: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /** How many requests of each type are overdue (a type without any counts 0). */
  async countByType(cutoffs: OverdueCutoffs): Promise<Record<SubmissionType, number>> {
    const groups = await this.prisma.submission.groupBy({
      by: ['type'],
      where: this.where(cutoffs),
      _count: { _all: true },
    });
    const counts = Object.fromEntries(Object.keys(cutoffs).map((type) => [type, 0])) as Record<SubmissionType, number>;
    for (const group of groups) counts[group.type as SubmissionType] = group._count._all;
    return counts;
  }

  private where(cutoffs: OverdueCutoffs) {
    return {
      status: 'new' as const,
      erasedAt: null,
      OR: Object.entries(cutoffs).map(([type, before]) => ({ type, createdAt: { lt: before } })),
    };
  }
}
