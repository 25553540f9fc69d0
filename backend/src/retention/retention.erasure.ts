import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';

/**
 * Erasure on request (GDPR art. 17): every submission and donation of one email address has
 * its personal fields removed; ids, types, dates, amounts and statuses stay, because the books need them.
 * Someone named only as the referrer of another person's donation loses just the referrer fields.
 */
const ERASED = '[erased]';

export interface ErasureTarget {
  submissions: Array<{ id: string; type: string; createdAt: Date; emailStatus: string }>;
  /** Donations made with this email address. */
  donations: Array<{ id: string; createdAt: Date; status: string; amountCents: number }>;
  /** Other people's donations that name this address as referrer. */
  referrals: Array<{ id: string; createdAt: Date; status: string; amountCents: number }>;
}

export interface ErasureResult extends ErasureTarget {
  dryRun: boolean;
  emailSha256: string;
}

type Db = Pick<ClientBase, 'query'>;

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashEmail(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

async function findTargets(db: Db, email: string): Promise<ErasureTarget> {
  const submissions = await db.query<ErasureTarget['submissions'][number]>(
    `SELECT id, type, created_at AS "createdAt", email_status AS "emailStatus" FROM submissions
     WHERE lower(email) = $1 ORDER BY created_at FOR UPDATE`,
    [email],
  );
  const donations = await db.query<ErasureTarget['donations'][number]>(
    `SELECT id, created_at AS "createdAt", status, amount_cents AS "amountCents" FROM donations
     WHERE lower(email) = $1 ORDER BY created_at FOR UPDATE`,
    [email],
  );
  const referrals = await db.query<ErasureTarget['referrals'][number]>(
    `SELECT id, created_at AS "createdAt", status, amount_cents AS "amountCents" FROM donations
     WHERE lower(referrer_email) = $1 AND lower(email) <> $1 ORDER BY created_at FOR UPDATE`,
    [email],
  );
  return { submissions: submissions.rows, donations: donations.rows, referrals: referrals.rows };
}

/** Finds, and unless `dryRun` redacts, in one transaction with its audit line. */
export async function erasePerson(db: Db, email: string, options: { dryRun: boolean }): Promise<ErasureResult> {
  const normalised = normaliseEmail(email);
  await db.query('BEGIN');
  try {
    const target = await findTargets(db, normalised);
    const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
    if (!options.dryRun) {
      await db.query(
        `UPDATE submissions SET name = $2, email = $2, phone = NULL, location = NULL, subject = NULL, message = NULL,
           motivation = NULL, experience = NULL, description = NULL, email_last_error = NULL, erased_at = now()
         WHERE id = ANY($1::uuid[])`,
        [ids(target.submissions), ERASED],
      );
      await db.query(
        `UPDATE donations SET name = NULL, email = $2, message = NULL, referrer_name = NULL,
           referrer_email = NULL, last_error = NULL, erased_at = now()
         WHERE id = ANY($1::uuid[])`,
        [ids(target.donations), ERASED],
      );
      await db.query(`UPDATE donations SET referrer_name = NULL, referrer_email = NULL WHERE id = ANY($1::uuid[])`, [
        ids(target.referrals),
      ]);
      // The hash lets a later request be matched to this one without keeping the address itself.
      await db.query(`INSERT INTO audit_log (id, action, detail) VALUES (gen_random_uuid(), 'erase', $1::jsonb)`, [
        JSON.stringify({
          emailSha256: hashEmail(normalised),
          submissions: target.submissions.length,
          donations: target.donations.length,
          referrals: target.referrals.length,
        }),
      ]);
    }
    await db.query(options.dryRun ? 'ROLLBACK' : 'COMMIT');
    return { ...target, dryRun: options.dryRun, emailSha256: hashEmail(normalised) };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
