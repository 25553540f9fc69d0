import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';

/**
 * The `error_reports` table's one home (docs/architecture.md §5.2): browser crash reports, one row per distinct
 * error. Methods that may be part of a larger transaction take its client as their last argument (`db`).
 */
@Injectable()
export class ErrorReportsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A repeat of a known error: its count and last-seen time go up. False when no report has this fingerprint. */
  async countRepeat(fingerprint: string, db: Db = this.prisma): Promise<boolean> {
    const { count } = await db.errorReport.updateMany({
      where: { fingerprint },
      data: { occurrences: { increment: 1 }, lastSeenAt: new Date() },
    });
    return count > 0;
  }

  /**
   * Holds, until the transaction ends, the one lock under which new errors are stored, over all instances, so that
   * counting (countNew) and storing cannot be overtaken. An advisory lock: beyond Prisma's query API.
   */
  async lockForNewReports(tx: Db): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock('error_reports'::regclass::oid::int, 0)`;
  }

  /**
   * New errors stored in this clock hour, and the rows in the table counted up to `rowsUpTo` (a full table costs no
   * more than that). A row first seen this hour was also last seen this hour: that condition lets the last_seen_at
   * index serve. Two counts in one round trip, which Prisma's query API cannot say.
   */
  async countNew(rowsUpTo: number, db: Db): Promise<{ thisHour: number; rows: number }> {
    const [counts] = await db.$queryRaw<Array<{ thisHour: number; rows: number }>>`
      SELECT
        (SELECT count(*) FROM error_reports
          WHERE last_seen_at >= date_trunc('hour', now()) AND first_seen_at >= date_trunc('hour', now()))::int AS "thisHour",
        (SELECT count(*) FROM (SELECT 1 FROM error_reports LIMIT ${rowsUpTo}) AS kept)::int AS "rows"`;
    return counts;
  }

  async create(report: Omit<Prisma.ErrorReportCreateInput, 'id'>, db: Db): Promise<void> {
    await db.errorReport.create({ data: report });
  }

  /** Reports last seen before `cutoff`: deleted, or with `dryRun` only counted. */
  async purgeLastSeenBefore(cutoff: Date, dryRun: boolean, db: Db = this.prisma): Promise<number> {
    const where = { lastSeenAt: { lt: cutoff } };
    return dryRun ? db.errorReport.count({ where }) : (await db.errorReport.deleteMany({ where })).count;
  }
}
