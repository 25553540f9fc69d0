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
   * New errors stored in this clock hour, in total and from the client with `clientKey`, and the rows in the table
   * counted up to `rowsUpTo` (a full table costs no more than that). A row first seen this hour was also last seen
   * this hour: that condition lets the last_seen_at index serve. Three counts in one round trip, which Prisma's query
   * API cannot say.
   */
  async countNew(
    rowsUpTo: number,
    clientKey: string,
    db: Db,
  ): Promise<{ thisHour: number; fromClientThisHour: number; rows: number }> {
    const [counts] = await db.$queryRaw<Array<{ thisHour: number; fromClientThisHour: number; rows: number }>>`
      SELECT
        (SELECT count(*) FROM error_reports
          WHERE last_seen_at >= date_trunc('hour', now()) AND first_seen_at >= date_trunc('hour', now()))::int AS "thisHour",
        (SELECT count(*) FROM error_reports
          WHERE client_key = ${clientKey} AND first_seen_at >= date_trunc('hour', now()))::int AS "fromClientThisHour",
        (SELECT count(*) FROM (SELECT 1 FROM error_reports LIMIT ${rowsUpTo}) AS kept)::int AS "rows"`;
    return counts;
  }

  /**
   * Makes room for one new row in a table that holds `maxRows` or more: deletes the reports seen least recently
   * (an error still happening keeps moving its last-seen time, so it stays) until `maxRows - 1` are left. Run it
   * under lockForNewReports, in the transaction that stores the new row. The number of rows deleted.
   */
  async deleteLeastRecentlySeen(maxRows: number, db: Db): Promise<number> {
    return db.$executeRaw`
      DELETE FROM error_reports WHERE id IN (
        SELECT id FROM error_reports ORDER BY last_seen_at, first_seen_at, id
        LIMIT greatest((SELECT count(*) FROM error_reports) - ${maxRows} + 1, 0))`;
  }

  /** Clears the client keys of reports first seen before `before` (a share counts one hour): the number cleared. */
  async forgetClientKeysBefore(before: Date, dryRun: boolean, db: Db = this.prisma): Promise<number> {
    const where = { firstSeenAt: { lt: before }, clientKey: { not: null } };
    return dryRun
      ? db.errorReport.count({ where })
      : (await db.errorReport.updateMany({ where, data: { clientKey: null } })).count;
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
