import { createHash } from 'node:crypto';
import type { Db } from '../database/prisma.service';
import { ERASED, type SubmissionListing } from '../database/submissions.repository';
import { equalsIgnoringCase } from '../database/text-match';
import type { RetentionStores } from './retention.service';

/**
 * Erasure on request (GDPR art. 17): every submission and donation of one email address has
 * its personal fields removed; ids, types, dates, amounts and statuses stay, because the books need them.
 * Someone named only as the referrer of another person's donation loses just the referrer fields.
 */
type DonationListing = { id: string; createdAt: Date; status: string; amountCents: number };

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

const DONATION_LISTING = { id: true, createdAt: true, status: true, amountCents: true } as const;

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashEmail(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/** Everything erasure changes for this address (in any letter case), oldest first. */
async function findTargets(tx: Db, stores: RetentionStores, email: string): Promise<ErasureTarget> {
  const sameAddress = equalsIgnoringCase(email);
  const orderBy = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  return {
    submissions: await stores.submissions.findByEmail(email, tx),
    donations: await tx.donation.findMany({
      where: { email: sameAddress },
      select: DONATION_LISTING,
      orderBy,
    }),
    referrals: await tx.donation.findMany({
      where: { referrerEmail: sameAddress, NOT: { email: sameAddress } },
      select: DONATION_LISTING,
      orderBy,
    }),
  };
}

/**
 * Redacts the donations found. SQL rather than Prisma's update, which always sets `updated_at` (@updatedAt): an
 * erasure is no change of the donation, whose retention period runs from its last change (retention.purge.ts).
 */
async function redactDonations(tx: Db, target: ErasureTarget): Promise<void> {
  const donationIds = target.donations.map((row) => row.id);
  const referralIds = target.referrals.map((row) => row.id);
  await tx.$executeRaw`UPDATE donations SET name = NULL, email = ${ERASED}, message = NULL,
    referrer_name = NULL, referrer_email = NULL, last_error = NULL, erased_at = now()
    WHERE id = ANY(${donationIds}::uuid[])`;
  await tx.$executeRaw`UPDATE donations SET referrer_name = NULL, referrer_email = NULL
    WHERE id = ANY(${referralIds}::uuid[])`;
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
    await redactDonations(tx, target);
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
