import type { DonationsRepository } from '../../database/donations.repository';
import type { PeriodicAgreementsRepository } from '../../database/periodic-agreements.repository';
import type { Db } from '../../database/prisma.service';
import type { Donation } from '../../generated/prisma/client';
import { DonationStatus } from '../donation-state';
import { short } from './describe-changes';

/** A monthly gift a periodieke gift replaces, to be cancelled at Stripe once the transaction has committed. */
export interface ReplacedGift {
  donationId: string;
  subscriptionId: string;
}

/**
 * The subscription of a periodieke gift with a term, to end at Stripe when the term's last year is over (once this
 * transaction has committed). Until the donor's death has no such end.
 */
export interface TermEnd {
  donationId: string;
  subscriptionId: string;
  endsAt: Date;
}

/**
 * docs/product.md §4.9: the moment an agreement's term is over: midnight at the start of the year after its last year
 * (first year + term − 1), Dutch time (UTC+1 on 1 January). Null for an agreement until the donor's death.
 */
export function termEndOf(agreement: { firstYear: number; termYears: number | null }): Date | null {
  if (agreement.termYears === null) return null;
  return new Date(Date.UTC(agreement.firstYear + agreement.termYears, 0, 1) - 3_600_000);
}

/** Statuses in which a monthly gift has ended: it needs no cancelling, and an agreement it pays has ended with it. */
const ENDED: ReadonlySet<DonationStatus> = new Set([DonationStatus.cancelled, DonationStatus.failed]);

/**
 * docs/product.md §4.9: a periodieke gift's agreement follows the monthly gift that pays it, in the transaction that
 * settled the gift, derived from the gift as it now stands so any order and repetition of Stripe's events ends in the
 * same place (docs/product.md §4.2):
 * - once a debit under the agreement is paid, the agreement is active (from signed; never from an earlier status,
 *   never back from stopped or ended);
 * - once the gift has ended after paying, the agreement ends: `endedAt` is the gift's end, its status `stopped` when
 *   the donor stopped it (the donor's page set `stoppedAt`), `ended` otherwise; set once;
 * - the monthly gift it replaces stops when its first debit is paid, never before: the answer names it while it still
 *   runs, and the ledger cancels it at Stripe after the commit (its own events then record the end). Every later
 *   event about the periodic gift asks again, so a cancellation that failed is tried again;
 * - its subscription ends when the term is over: Checkout cannot set an end (`subscription_data` has no `cancel_at`
 *   in the pinned API version), so once Checkout completed, and again when the first debit is paid (in case Stripe
 *   refused the first time), the answer names it and the ledger sets `cancel_at` after the commit. The subscription's
 *   end then ends the gift and, by the rule above, the agreement.
 */
export async function followAgreement(
  tx: Db,
  repositories: { agreements: PeriodicAgreementsRepository; donations: DonationsRepository },
  gift: Donation,
  progress: { hasPaid: boolean; checkoutJustCompleted: boolean },
): Promise<{ changes: string[]; replaced: ReplacedGift | null; termEnd: TermEnd | null }> {
  const { hasPaid } = progress;
  if (!gift.periodicAgreementId) return { changes: [], replaced: null, termEnd: null };
  const agreement = await repositories.agreements.lock(gift.periodicAgreementId, tx);
  if (!agreement) return { changes: [], replaced: null, termEnd: null };
  const changes: string[] = [];
  const name = `agreement ${agreement.transactionNumber}`;
  const becameActive = hasPaid && agreement.status === 'signed';
  if (becameActive) {
    await repositories.agreements.update(agreement.id, { status: 'active' }, tx);
    changes.push(`${name}: signed -> active (its first debit is paid)`);
  }
  const endsAt = termEndOf(agreement);
  const termEnd =
    endsAt && gift.stripeSubscriptionId && !ENDED.has(gift.status) && (progress.checkoutJustCompleted || becameActive)
      ? { donationId: gift.id, subscriptionId: gift.stripeSubscriptionId, endsAt }
      : null;
  if (termEnd) changes.push(`${name}: its subscription to end at Stripe when the term is over`);
  if (hasPaid && ENDED.has(gift.status) && !agreement.endedAt) {
    const status = agreement.stoppedAt ? 'stopped' : 'ended';
    await repositories.agreements.update(agreement.id, { status, endedAt: gift.cancelledAt ?? new Date() }, tx);
    changes.push(`${name}: ${status} (its gift ended)`);
  }
  if (!hasPaid || !agreement.replacesDonationId) return { changes, replaced: null, termEnd };
  const old = await repositories.donations.findById(agreement.replacesDonationId, tx);
  if (!old?.stripeSubscriptionId || ENDED.has(old.status) || old.id === gift.id) {
    return { changes, replaced: null, termEnd };
  }
  changes.push(`donation ${short(old.id)}: replaced by ${name}, to be cancelled at Stripe`);
  return { changes, replaced: { donationId: old.id, subscriptionId: old.stripeSubscriptionId }, termEnd };
}
