import { createHash } from 'node:crypto';
import type { Db } from '../database/prisma.service';
import { ERASED, type SubmissionListing } from '../database/submissions.repository';
import type { DonationListing } from '../database/donations.repository';
import type { AgreementListing } from '../database/periodic-agreements.repository';
import { agreementKeptUntil } from './retention.purge';
import type { RetentionStores } from './retention.service';

/**
 * Erasure on request (GDPR art. 17): every submission and donation of one email address has
 * its personal fields removed; ids, types, dates, amounts and statuses stay, because the books need them.
 * Someone named only as the referrer of another person's donation loses just the referrer fields.
 *
 * A periodic gift agreement naming the address (as donor or partner) is deleted with its signatures if it was never
 * completed, or if its retention has passed. One the foundation countersigned is kept while the fiscal retention duty
 * runs, until seven years after it ends (art. 52 AWR; GDPR art. 17(3)(b) lets a legal obligation come first): erasure
 * refuses it and says until when (docs/privacy.md "Periodic gift agreements"). The duty covers the agreement, its
 * signatures and the payments (kept as the books' payment rows, which hold no personal data); the gift's own name,
 * email and message are not part of it and are erased as any donation's.
 */
export interface ErasureTarget {
  submissions: SubmissionListing[];
  /** Donations made with this email address. */
  donations: DonationListing[];
  /** Other people's donations that name this address as referrer. */
  referrals: DonationListing[];
  /** Agreements naming this address with no retention duty (never completed, or past it): deleted. */
  agreements: AgreementListing[];
  /** Agreements the fiscal retention duty keeps: not erased. */
  keptAgreements: KeptAgreement[];
}

export interface KeptAgreement extends AgreementListing {
  /** Seven years after the agreement ended; null while it runs (kept until seven years after it ends). */
  keptUntil: Date | null;
}

export interface ErasureResult extends ErasureTarget {
  dryRun: boolean;
  emailSha256: string;
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashEmail(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/** Everything erasure changes for this address (in any letter case, matched literally), oldest first. */
async function findTargets(tx: Db, stores: RetentionStores, email: string, now: Date): Promise<ErasureTarget> {
  const agreements: AgreementListing[] = [];
  const keptAgreements: KeptAgreement[] = [];
  for (const agreement of await stores.agreements.findForErasure(email, tx)) {
    const keptUntil = agreementKeptUntil(agreement.endedAt);
    if (agreement.completedAt && (!keptUntil || keptUntil > now)) keptAgreements.push({ ...agreement, keptUntil });
    else agreements.push(agreement);
  }
  return {
    submissions: await stores.submissions.findByEmail(email, tx),
    ...(await stores.donations.findForErasure(email, tx)),
    agreements,
    keptAgreements,
  };
}

/** Finds, and unless `dryRun` redacts, in one transaction with its audit line. */
export async function erasePerson(
  tx: Db,
  stores: RetentionStores,
  email: string,
  options: { dryRun: boolean; now: Date },
): Promise<ErasureResult> {
  const normalised = normaliseEmail(email);
  const emailSha256 = hashEmail(normalised);
  const target = await findTargets(tx, stores, normalised, options.now);
  if (!options.dryRun) {
    await stores.submissions.eraseByIds(
      target.submissions.map((row) => row.id),
      tx,
    );
    await stores.donations.redact(
      target.donations.map((row) => row.id),
      target.referrals.map((row) => row.id),
      ERASED,
      tx,
    );
    await stores.agreements.deleteByIds(
      target.agreements.map((row) => row.id),
      tx,
    );
    // The hash lets a later request be matched to this one without keeping the address itself.
    await stores.auditLog.record(
      'erase',
      {
        emailSha256,
        submissions: target.submissions.length,
        donations: target.donations.length,
        referrals: target.referrals.length,
        agreements: target.agreements.length,
        keptAgreements: target.keptAgreements.length,
      },
      tx,
    );
  }
  return { ...target, dryRun: options.dryRun, emailSha256 };
}
