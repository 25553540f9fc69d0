import { Injectable } from '@nestjs/common';
import type { SubmissionType } from '@stichting/contracts';
import type { ConfirmationCaps } from '../config/app-config';
import type { EmailStatus, Prisma, Submission } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

/** A submission as erasure lists it for staff: ids, dates and statuses, nothing personal. */
export type SubmissionListing = Pick<Submission, 'id' | 'type' | 'createdAt' | 'emailStatus'>;

/** Why a confirmation was not sent, as stored in `submissions.confirmation_skipped` (and shown in the export). */
export type ConfirmationSkipReason = 'address-daily-limit' | 'hourly-limit';

/** An outbox's rows per delivery state, with when the oldest of each was created; a state without rows is missing. */
export type DeliveryFigures = Array<{ status: EmailStatus; count: number; oldest: Date | null }>;

/** The caps a confirmation decision applies: the configured ones and the share of the hourly cap one client may take. */
export interface ConfirmationLimits extends ConfirmationCaps {
  perClientPerHour: number;
}

/** What replaces a personal field that cannot be empty (name, email) when a person's data is erased. */
export const ERASED = '[erased]';

const LISTING = { id: true, type: true, createdAt: true, emailStatus: true } as const;

/**
 * Takes a place under the confirmation caps for the submission ($1), or records why not. Counts rows whose
 * confirmation was allowed within the window (rolling: the last 24 hours per mailbox, by the normalised address key;
 * the last hour in total; the last hour for forms from the same client, by its client key); the LIMITs keep each
 * count at most as long as its cap. A client's share is reported as `hourly-limit` too. A row without a client key
 * (stored before the key existed) is not held to a share. Only an undecided row is changed, so a second attempt
 * decides nothing. One statement, so Prisma's query API cannot say it (docs/architecture.md §5.2).
 */
const DECIDE_CONFIRMATION = `
  UPDATE submissions s
  SET confirmation_allowed_at = CASE WHEN verdict.reason IS NULL THEN statement_timestamp() END,
      confirmation_skipped = verdict.reason
  FROM (
    SELECT CASE
      WHEN (SELECT count(*) FROM (
              SELECT 1 FROM submissions o
              WHERE o.confirmation_address_key = coalesce(t.confirmation_address_key, '')
                AND o.confirmation_allowed_at > statement_timestamp() - interval '24 hours'
              LIMIT $2) AS same_address) >= $2 THEN 'address-daily-limit'
      WHEN (SELECT count(*) FROM (
              SELECT 1 FROM submissions o
              WHERE o.confirmation_allowed_at > statement_timestamp() - interval '1 hour'
              LIMIT $3) AS this_hour) >= $3 THEN 'hourly-limit'
      WHEN (SELECT count(*) FROM (
              SELECT 1 FROM submissions o
              WHERE o.client_key = t.client_key
                AND o.confirmation_allowed_at > statement_timestamp() - interval '1 hour'
              LIMIT $4) AS same_client) >= $4 THEN 'hourly-limit'
    END AS reason
    FROM submissions t WHERE t.id = $1
  ) AS verdict
  WHERE s.id = $1 AND s.confirmation_allowed_at IS NULL AND s.confirmation_skipped IS NULL
  RETURNING s.confirmation_skipped AS reason`;

/**
 * The `submissions` table's one home (docs/architecture.md §5.2): every read and write of a form's row goes through
 * here, by Prisma, so the columns exist once, in `prisma/schema.prisma`. Methods that may be part of a larger
 * transaction take its client as their last argument (`db`). Only the export reads the table elsewhere, through its
 * streaming cursor (exports/).
 */
@Injectable()
export class SubmissionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** New submissions, in the transaction that writes their email jobs too (docs/architecture.md §4.1). */
  async insertMany(rows: Prisma.SubmissionCreateManyInput[], db: Db): Promise<void> {
    await db.submission.createMany({ data: rows });
  }

  /**
   * Submissions of `type` whose retention period began before `cutoff`: deleted, or with `dryRun` only counted. The
   * period runs from the end of contact (docs/privacy.md, docs/product.md §9.7): when staff closed the request, or
   * when it was submitted if it was never closed, so a family staff are still helping is not deleted under them.
   */
  async purgeEndedBefore(type: SubmissionType, cutoff: Date, dryRun: boolean, db: Db = this.prisma): Promise<number> {
    const where = {
      type,
      OR: [{ closedAt: { lt: cutoff } }, { closedAt: null, createdAt: { lt: cutoff } }],
    };
    return dryRun ? db.submission.count({ where }) : (await db.submission.deleteMany({ where })).count;
  }

  /**
   * Clears the client keys (docs/product.md §9.5) of submissions created before `before`: a client's share only
   * counts the last hour, so a day-old key serves nothing. The number of keys cleared, or with `dryRun` to clear.
   */
  async forgetClientKeysBefore(before: Date, dryRun: boolean, db: Db = this.prisma): Promise<number> {
    const where = { createdAt: { lt: before }, clientKey: { not: null } };
    return dryRun
      ? db.submission.count({ where })
      : (await db.submission.updateMany({ where, data: { clientKey: null } })).count;
  }

  /** Submissions sent with this address, in any letter case, oldest first. */
  findByEmail(email: string, db: Db = this.prisma): Promise<SubmissionListing[]> {
    return db.submission.findMany({
      where: { email: equalsIgnoringCase(email) },
      select: LISTING,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * Erasure (docs/architecture.md §6): removes the personal fields of these submissions (found by findByEmail).
   * Type, language, the form's choices, dates and the delivery state stay; so does the row.
   */
  async eraseByIds(ids: string[], db: Db = this.prisma): Promise<void> {
    await db.submission.updateMany({
      where: { id: { in: ids } },
      data: {
        name: ERASED,
        email: ERASED,
        phone: null,
        location: null,
        subject: null,
        message: null,
        motivation: null,
        experience: null,
        description: null,
        emailLastError: null,
        confirmationAddressKey: null,
        clientKey: null,
        erasedAt: new Date(),
      },
    });
  }

  /**
   * The start of an email attempt for a batch of jobs: marks the rows `sending`, counts the attempt and returns them.
   * An erased submission is no longer anyone's mail and is left out.
   */
  startEmailAttempts(ids: string[]): Promise<Submission[]> {
    return this.prisma.submission.updateManyAndReturn({
      where: { id: { in: ids }, erasedAt: null },
      data: { emailStatus: 'sending', emailAttempts: { increment: 1 } },
    });
  }

  /** Writes a submission's delivery state; false when the row is gone (purged or erased meanwhile). */
  async updateDelivery(id: string, data: Prisma.SubmissionUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.prisma.submission.updateMany({ where: { id }, data });
    return count === 1;
  }

  /** Dead deliveries (or only those among `ids`) back to `queued`; returns their ids. Erased ones stay dead. */
  async requeueDead(ids: string[] | undefined, db: Db): Promise<string[]> {
    const requeued = await db.submission.updateManyAndReturn({
      where: { emailStatus: 'dead', erasedAt: null, ...(ids ? { id: { in: ids } } : {}) },
      data: { emailStatus: 'queued' },
      select: { id: true },
    });
    return requeued.map(({ id }) => id);
  }

  /**
   * Submissions per delivery state of their emails, with the oldest of each; erased ones are no longer anyone's mail
   * and are left out (`npm run mail -- status`, the metrics).
   */
  async deliveryFigures(): Promise<DeliveryFigures> {
    const groups = await this.prisma.submission.groupBy({
      by: ['emailStatus'],
      where: { erasedAt: null },
      _count: { _all: true },
      _min: { createdAt: true },
    });
    return groups.map((group) => ({
      status: group.emailStatus,
      count: group._count._all,
      oldest: group._min.createdAt,
    }));
  }

  /**
   * Decides a submission's confirmation under the caps and records the verdict on its row (DECIDE_CONFIRMATION):
   * `decided` is false when an earlier attempt had decided already, and `reason` is then that decision's.
   * Run it under the caller's lock (mail/confirmation-caps.ts), in its transaction.
   */
  async decideConfirmation(
    id: string,
    caps: ConfirmationLimits,
    db: Db,
  ): Promise<{ decided: boolean; reason: ConfirmationSkipReason | null }> {
    const fresh = await db.$queryRawUnsafe<Array<{ reason: ConfirmationSkipReason | null }>>(
      DECIDE_CONFIRMATION,
      id,
      caps.perAddressPerDay,
      caps.perHour,
      caps.perClientPerHour,
    );
    if (fresh.length === 1) return { decided: true, reason: fresh[0].reason };
    const earlier = await db.submission.findUnique({ where: { id }, select: { confirmationSkipped: true } });
    return { decided: false, reason: parseSkipReason(earlier?.confirmationSkipped ?? null) };
  }
}

function parseSkipReason(stored: string | null): ConfirmationSkipReason | null {
  return stored === 'address-daily-limit' || stored === 'hourly-limit' ? stored : null;
}
