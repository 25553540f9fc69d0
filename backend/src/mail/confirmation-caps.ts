import type { Logger } from '@nestjs/common';
import { createHash, createHmac } from 'node:crypto';
import type { ConfirmationCaps } from '../config/app-config';
import type { PrismaService } from '../database/prisma.service';
import type {
  ConfirmationLimits,
  ConfirmationSkipReason,
  SubmissionsRepository,
} from '../database/submissions.repository';

/** docs/product.md §9.5: one client may take at most this fraction (1/N) of the hourly cap in any hour. */
export const CLIENT_SHARE_OF_HOURLY_CAP = 10;

/** Domains whose mailboxes ignore dots in the local part (`first.last` and `firstlast` are one mailbox). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * docs/product.md §9.5: the mailbox an address reaches, as the per-address cap counts it. Lower case, quotes and
 * backslashes of a quoted local part removed, a `+tag` removed, and at gmail.com and googlemail.com (one mailbox
 * service) the dots removed. The migration that added the column computes the same for rows stored before it.
 */
export function normalisedAddress(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).replace(/["\\]/g, '');
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** What a submission row stores for the per-address cap: the SHA-256 (hex) of its normalised address. */
export function confirmationAddressKey(email: string): string {
  return createHash('sha256').update(normalisedAddress(email)).digest('hex');
}

/**
 * What a submission row stores for its client's share of the hourly cap: a keyed hash of the client's address
 * (as the rate limits count it, IPv6 by its /64), so the row never holds the address and a guess cannot be checked
 * without the key.
 */
export function confirmationClientKey(clientAddress: string, secret: string): string {
  return createHmac('sha256', secret).update(`confirmation-client:${clientAddress}`).digest('hex').slice(0, 32);
}

/** Key of the transaction-level advisory lock that serialises confirmation decisions across every instance. */
const DECISION_LOCK_KEY = 72707370;

/**
 * Decides, once per submission, whether its confirmation may be sent.
 *
 * Guarantee: never more confirmations than `perAddressPerDay` to one mailbox (normalisedAddress) in any 24 hours,
 * nor more than `perHour` in any hour, nor more than a tenth of that (CLIENT_SHARE_OF_HOURLY_CAP) in any hour for
 * forms sent by one client, however many app instances and workers decide at the same moment. Each decision (count,
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
    const limits: ConfirmationLimits = {
      ...caps,
      perClientPerHour: Math.max(1, Math.floor(caps.perHour / CLIENT_SHARE_OF_HOURLY_CAP)),
    };
    const reasons = await this.prisma.$transaction(async (tx) => {
      // An advisory lock is beyond Prisma's query API (docs/architecture.md §5.2).
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', DECISION_LOCK_KEY);
      const decided = new Map<string, ConfirmationSkipReason | null>();
      for (const id of submissionIds) {
        // Not decided now: decided by an earlier attempt (a retry, or a second job for the same submission).
        const verdict = await this.submissions.decideConfirmation(id, limits, tx);
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
