import { createHash } from 'node:crypto';
import type { Db } from '../database/prisma.service';
import { ERASED, type SubmissionListing } from '../database/submissions.repository';
import type { DonationListing } from '../database/donations.repository';
import type { RetentionStores } from './retention.service';

/**
 * Erasure on request (GDPR art. 17): every submission and donation of one email address has
 * its personal fields removed; ids, types, dates, amounts and statuses stay, because the books need them.
 * Someone named only as the referrer of another person's donation loses just the referrer fields.
 */
export interface ErasureTarget {
  submissions: SubmissionListing[];
  /** Donations made with this email address. */
  donations: DonationListing[];
  /** Other people's donations that name this address as referrer. */
  referrals: DonationListing[];
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
async function findTargets(tx: Db, stores: RetentionStores, email: string): Promise<ErasureTarget> {
  return {
    submissions: await stores.submissions.findByEmail(email, tx),
    ...(await stores.donations.findForErasure(email, tx)),
  };
}

/** Finds, and unless `dryRun` redacts, in one transaction with its audit line. */
export async function erasePerson(
  tx: Db,
  stores: RetentionStores,
  email: string,
  options: { dryRun: boolean },
): Promise<ErasureResult> {
  const normalised = normaliseEmail(email);
  const emailSha256 = hashEmail(normalised);
  const target = await findTargets(tx, stores, normalised);
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
    // The hash lets a later request be matched to this one without keeping the address itself.
    await stores.auditLog.record(
      'erase',
      {
        emailSha256,
        submissions: target.submissions.length,
        donations: target.donations.length,
        referrals: target.referrals.length,
      },
      tx,
    );
  }
  return { ...target, dryRun: options.dryRun, emailSha256 };
}
