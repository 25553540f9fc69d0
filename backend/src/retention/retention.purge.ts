import { SUBMISSION_TYPES, type SubmissionType } from '@stichting/contracts';
import type { RetentionDays } from '../config/app-config';
import type { Db } from '../database/prisma.service';
import type { RetentionStores } from './retention.service';

/**
 * Retention (periods explained in docs/privacy.md): a submission is deleted once the period for its form type has
 * passed since staff closed it (or since it was submitted, if never closed), an error report once it was last seen
 * longer ago than its period. Donations are bookkeeping (the fiscal retention obligation is 7 years): a payment goes
 * once older than the donations period, a donation (intent) once its last change is and no payment of it is left, so a
 * donor still giving stays. A donation that never reached a payment goes UNPAID_DONATION_DAYS after its last change.
 * A periodic gift agreement goes seven years after it ended, or 90 days after its last change if never completed.
 * Used by `npm run purge` and by the daily `retention-purge` job.
 */

/**
 * docs/privacy.md "Donations and payments": days after its last change that a donation which never reached a payment
 * (open or failed, no payment row) is kept. Nothing of it belongs to the books; 30 days is the window the daily
 * reconciliation looks back over (`npm run donations -- reconcile`), so no late Stripe event is left to change it.
 */
export const UNPAID_DONATION_DAYS = 30;

/**
 * docs/privacy.md "Periodic gift agreements": an agreement and its audit trail (signatures, links, emails) are kept
 * seven years after it ends, the fiscal retention duty (art. 52 AWR) for the record that makes the gifts deductible.
 */
export const AGREEMENT_RETENTION_YEARS = 7;

/**
 * docs/privacy.md "Periodic gift agreements": an agreement never completed (the foundation never countersigned) made
 * no gift deductible, so no duty keeps it; 90 days untouched is three times a link's life, long after anyone could
 * still sign it.
 */
export const UNCOMPLETED_AGREEMENT_DAYS = 90;

/** The day seven years after an agreement ended, until which it is kept; null while it has not ended. */
export function agreementKeptUntil(endedAt: Date | null): Date | null {
  if (!endedAt) return null;
  const until = new Date(endedAt);
  until.setUTCFullYear(until.getUTCFullYear() + AGREEMENT_RETENTION_YEARS);
  return until;
}

/** Agreements that ended before this moment are past their retention. */
function agreementCutoff(now: Date): Date {
  const cut = new Date(now);
  cut.setUTCFullYear(cut.getUTCFullYear() - AGREEMENT_RETENTION_YEARS);
  return cut;
}
export interface PurgeResult {
  dryRun: boolean;
  retentionDays: RetentionDays;
  submissions: Record<SubmissionType, number>;
  errorReports: number;
  donations: number;
  donationPayments: number;
  /** Donations deleted because they never reached a payment (UNPAID_DONATION_DAYS). */
  unpaidDonations: number;
  /** Periodic gift agreements deleted with their audit trail (AGREEMENT_RETENTION_YEARS, UNCOMPLETED_AGREEMENT_DAYS). */
  agreements: number;
}

const DAY_MS = 86_400_000;

/** The moment `days` whole days before `now`: rows older than this are past their period. */
export function cutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * One transaction: the counts printed are the rows deleted, and the audit line commits with them. A dry run reads in
 * the same transaction and writes nothing.
 */
export async function purgeExpired(
  tx: Db,
  stores: RetentionStores,
  retentionDays: RetentionDays,
  options: { dryRun: boolean; now: Date },
): Promise<PurgeResult> {
  const { dryRun, now } = options;
  const submissions = {} as Record<SubmissionType, number>;
  for (const type of SUBMISSION_TYPES) {
    submissions[type] = await stores.submissions.purgeEndedBefore(type, cutoff(now, retentionDays[type]), dryRun, tx);
  }
  // A client key only serves the last hour's share of a cap (docs/product.md §9.5): kept a day.
  await stores.submissions.forgetClientKeysBefore(cutoff(now, 1), dryRun, tx);
  await stores.errorReports.forgetClientKeysBefore(cutoff(now, 1), dryRun, tx);
  const errorReports = await stores.errorReports.purgeLastSeenBefore(
    cutoff(now, retentionDays.errorReports),
    dryRun,
    tx,
  );
  const { donations, donationPayments } = await stores.donations.purgeBefore(
    cutoff(now, retentionDays.donations),
    dryRun,
    tx,
  );
  const unpaidDonations = await stores.donations.purgeUnpaidBefore(cutoff(now, UNPAID_DONATION_DAYS), dryRun, tx);
  const agreements = await stores.agreements.purge(
    agreementCutoff(now),
    cutoff(now, UNCOMPLETED_AGREEMENT_DAYS),
    dryRun,
    tx,
  );
  const result: PurgeResult = {
    dryRun,
    retentionDays,
    submissions,
    errorReports,
    donations,
    donationPayments,
    unpaidDonations,
    agreements,
  };
  // Counts and periods only: no personal data in the audit log.
  if (!dryRun) {
    await stores.auditLog.record(
      'purge',
      { submissions, errorReports, donations, donationPayments, unpaidDonations, agreements, retentionDays },
      tx,
    );
  }
  return result;
}
