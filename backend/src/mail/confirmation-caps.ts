import type { Logger } from '@nestjs/common';
import type { ConfirmationCaps } from '../config/app-config';
import type { PrismaService } from '../database/prisma.service';
import type { ConfirmationSkipReason, SubmissionsRepository } from '../database/submissions.repository';

/** Key of the transaction-level advisory lock that serialises confirmation decisions across every instance. */
const DECISION_LOCK_KEY = 72707370;

/**
 * Decides, once per submission, whether its confirmation may be sent.
 *
 * Guarantee: never more confirmations than `perAddressPerDay` to one address in any 24 hours, nor more than
 * `perHour` in any hour, however many app instances and workers decide at the same moment. Each decision (count,
 * then mark the row: SubmissionsRepository.decideConfirmation) runs in one transaction under one PostgreSQL advisory
 * lock, so decisions happen one after another and each sees every place taken before it. A place counts from the
 * decision on, even if SMTP later refuses the message; a staff retry of that delivery reuses its place instead of
 * taking a new one.
 */
export class ConfirmationCapCheck {
  /** `onSkipped` hears of each confirmation skipped, once committed (the metrics count them). */
  constructor(
    private readonly prisma: PrismaService,
    private readonly submissions: SubmissionsRepository,
    private readonly logger: Logger,
    private readonly onSkipped: (reason: ConfirmationSkipReason) => void = () => undefined,
  ) {}

  /**
   * For each submission, in the order given: the reason its confirmation is skipped, or null when it may be sent.
   * One transaction for all of them, so a batch of mails takes the lock once.
   */
  async decide(submissionIds: string[], caps: ConfirmationCaps): Promise<Map<string, ConfirmationSkipReason | null>> {
    const newlySkipped: Array<[string, ConfirmationSkipReason]> = [];
    const reasons = await this.prisma.$transaction(async (tx) => {
      // An advisory lock is beyond Prisma's query API (docs/architecture.md §5.2).
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', DECISION_LOCK_KEY);
      const decided = new Map<string, ConfirmationSkipReason | null>();
      for (const id of submissionIds) {
        // Not decided now: decided by an earlier attempt (a retry, or a second job for the same submission).
        const verdict = await this.submissions.decideConfirmation(id, caps, tx);
        if (verdict.decided && verdict.reason) newlySkipped.push([id, verdict.reason]);
        decided.set(id, verdict.reason);
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
