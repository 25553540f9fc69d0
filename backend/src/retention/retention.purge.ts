import type { ClientBase } from 'pg';
import { SUBMISSION_TYPES, type SubmissionType } from '@stichting/contracts';
import type { RetentionDays } from '../config/app-config';

/**
 * Retention (periods explained in docs/privacy.md): a submission is deleted once it is older than the
 * period for its form type, an error report once it was last seen longer ago than its period. Donations are
 * bookkeeping (the fiscal retention obligation is 7 years): a payment goes once older than the donations period, a
 * donation once its last change is and no payment of it is left, so a donor still giving stays.
 * Used by `npm run purge` and by the daily `retention-purge` job.
 */
export interface PurgeResult {
  dryRun: boolean;
  retentionDays: RetentionDays;
  submissions: Record<SubmissionType, number>;
  errorReports: number;
  donations: number;
  donationPayments: number;
}

type Db = Pick<ClientBase, 'query'>;

/** Rows past their period, as a WHERE clause on one table, with its parameters. */
const EXPIRED_SUBMISSIONS = `FROM submissions WHERE type = $1 AND created_at < now() - make_interval(days => $2)`;
const EXPIRED_ERROR_REPORTS = `FROM error_reports WHERE last_seen_at < now() - make_interval(days => $1)`;
const EXPIRED_DONATION_PAYMENTS = `FROM donation_payments WHERE created_at < now() - make_interval(days => $1)`;
const EXPIRED_DONATIONS = `FROM donations d WHERE d.updated_at < now() - make_interval(days => $1)
  AND NOT EXISTS (SELECT 1 FROM donation_payments p
    WHERE p.donation_id = d.id AND p.created_at >= now() - make_interval(days => $1))`;

async function countOrDelete(db: Db, from: string, params: unknown[], dryRun: boolean): Promise<number> {
  if (dryRun) {
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) AS count ${from}`, params);
    return Number(rows[0].count);
  }
  const result = await db.query(`DELETE ${from}`, params);
  return result.rowCount ?? 0;
}

/** One transaction: the counts printed are the rows deleted, and the audit line commits with them. */
export async function purgeExpired(
  db: Db,
  retentionDays: RetentionDays,
  options: { dryRun: boolean },
): Promise<PurgeResult> {
  const { dryRun } = options;
  await db.query(dryRun ? 'BEGIN READ ONLY' : 'BEGIN');
  try {
    const submissions = {} as Record<SubmissionType, number>;
    for (const type of SUBMISSION_TYPES) {
      submissions[type] = await countOrDelete(db, EXPIRED_SUBMISSIONS, [type, retentionDays[type]], dryRun);
    }
    const errorReports = await countOrDelete(db, EXPIRED_ERROR_REPORTS, [retentionDays.errorReports], dryRun);
    const donationPayments = await countOrDelete(db, EXPIRED_DONATION_PAYMENTS, [retentionDays.donations], dryRun);
    const donations = await countOrDelete(db, EXPIRED_DONATIONS, [retentionDays.donations], dryRun);
    const result: PurgeResult = { dryRun, retentionDays, submissions, errorReports, donations, donationPayments };
    if (!dryRun) {
      // Counts and periods only: no personal data in the audit log.
      await db.query(`INSERT INTO audit_log (id, action, detail) VALUES (gen_random_uuid(), 'purge', $1::jsonb)`, [
        JSON.stringify({ submissions, errorReports, donations, donationPayments, retentionDays }),
      ]);
    }
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
