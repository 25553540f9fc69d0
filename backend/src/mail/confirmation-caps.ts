import type { Logger } from '@nestjs/common';
import type { ConfirmationCaps } from '../config/app-config';
import type { PrismaService } from '../database/prisma.service';

/** Why a confirmation was not sent, as stored in `submissions.confirmation_skipped` (and shown in the export). */
export type ConfirmationSkipReason = 'address-daily-limit' | 'hourly-limit';

/** Key of the transaction-level advisory lock that serialises confirmation decisions across every instance. */
const DECISION_LOCK_KEY = 72707370;

/**
 * Takes a place under both caps for the submission ($1), or records why not. Counts rows whose confirmation was
 * allowed within the window (rolling: the last 24 hours per address, the last hour in total); the LIMITs keep
 * each count at most as long as its cap. Only an undecided row is changed, so a second attempt decides nothing.
 */
const DECIDE = `
  UPDATE submissions s
  SET confirmation_allowed_at = CASE WHEN verdict.reason IS NULL THEN statement_timestamp() END,
      confirmation_skipped = verdict.reason
  FROM (
    SELECT CASE
      WHEN (SELECT count(*) FROM (
              SELECT 1 FROM submissions o
              WHERE lower(o.email) = lower(t.email)
                AND o.confirmation_allowed_at > statement_timestamp() - interval '24 hours'
              LIMIT $2) AS same_address) >= $2 THEN 'address-daily-limit'
      WHEN (SELECT count(*) FROM (
              SELECT 1 FROM submissions o
              WHERE o.confirmation_allowed_at > statement_timestamp() - interval '1 hour'
              LIMIT $3) AS this_hour) >= $3 THEN 'hourly-limit'
    END AS reason
    FROM submissions t WHERE t.id = $1
  ) AS verdict
  WHERE s.id = $1 AND s.confirmation_allowed_at IS NULL AND s.confirmation_skipped IS NULL
  RETURNING s.confirmation_skipped AS reason`;
const DECIDED = 'SELECT confirmation_skipped AS reason FROM submissions WHERE id = $1';

interface Verdict {
  reason: ConfirmationSkipReason | null;
}

/**
 * Decides, once per submission, whether its confirmation may be sent.
 *
 * Guarantee: never more confirmations than `perAddressPerDay` to one address in any 24 hours, nor more than
 * `perHour` in any hour, however many app instances and workers decide at the same moment. Each decision (count,
 * then mark the row) runs in one transaction under one PostgreSQL advisory lock, so decisions happen one after
 * another and each sees every place taken before it. A place counts from the decision on, even if SMTP later
 * refuses the message; a staff retry of that delivery reuses its place instead of taking a new one.
 */
export class ConfirmationCapCheck {
  /** `onSkipped` hears of each confirmation skipped, once committed (the metrics count them). */
  constructor(
    private readonly prisma: PrismaService,
    private readonly logger: Logger,
    private readonly onSkipped: (reason: ConfirmationSkipReason) => void = () => undefined,
  ) {}

  /**
   * For each submission, in the order given: the reason its confirmation is skipped, or null when it may be sent.
   * One transaction for all of them, so a batch of mails takes the lock once.
   */
  async decide(submissionIds: string[], caps: ConfirmationCaps): Promise<Map<string, ConfirmationSkipReason | null>> {
    const newlySkipped: Array<[string, ConfirmationSkipReason]> = [];
    // Plain SQL through Prisma: an advisory lock and a conditional update that counts in the same statement are
    // beyond Prisma's query API (docs/architecture.md §5.2).
    const reasons = await this.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', DECISION_LOCK_KEY);
      const decided = new Map<string, ConfirmationSkipReason | null>();
      for (const id of submissionIds) {
        const fresh = await tx.$queryRawUnsafe<Verdict[]>(DECIDE, id, caps.perAddressPerDay, caps.perHour);
        // No row: decided by an earlier attempt (a retry, or a second job for the same submission).
        const verdict = fresh[0] ?? (await tx.$queryRawUnsafe<Verdict[]>(DECIDED, id))[0];
        const reason = verdict?.reason ?? null;
        if (fresh.length === 1 && reason) newlySkipped.push([id, reason]);
        decided.set(id, reason);
      }
      return decided;
    });
    // One line per skipped confirmation, once committed: the row id, never the address.
    for (const [submissionId, reason] of newlySkipped) {
      this.logger.warn({ submissionId, reason }, 'confirmation skipped');
      this.onSkipped(reason);
    }
    return reasons;
  }
}
