import { Client } from 'pg';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * docs/privacy.md "Periodic gift agreements": an agreement and its audit trail are kept seven years after it ends (the
 * fiscal retention duty, art. 52 AWR); one never countersigned goes 90 days after its last change. `npm run purge`
 * deletes what is past that, and `npm run erase` refuses a countersigned agreement while the duty runs, saying until
 * when. Both run as staff run them: the built commands against a real PostgreSQL, checked row by row.
 */
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const year = new Date().getUTCFullYear();

interface StoredAgreement {
  n: number;
  email: string;
  status: string;
  completed?: string;
  ended?: string;
  updated?: string;
  firstYear?: number;
  termYears?: number | null;
  partnerEmail?: string;
}

async function insertAgreement(db: Client, a: StoredAgreement): Promise<void> {
  await db.query(
    `INSERT INTO periodic_agreements (id, transaction_number, status, language, email, first_names, surname, birth_date,
      birth_place, street, postal_code, city, country, monthly_amount_cents, yearly_amount_cents, term_years,
      first_year, partner_email, completed_at, ended_at, created_at, updated_at)
    VALUES ($1, $2, $3, 'nl', $4, 'Anna Maria', 'de Vries', '1970-04-01', 'Utrecht', 'Lange Nieuwstraat 1',
      '3512 PA', 'Utrecht', 'Nederland', 25000, 300000, $5, $6, $7,
      ${a.completed ?? 'NULL'}, ${a.ended ?? 'NULL'}, now() - interval '20 years', ${a.updated ?? 'now()'})`,
    [
      id(a.n),
      `PG-TEST-${String(a.n).padStart(5, '0')}`,
      a.status,
      a.email,
      a.termYears === undefined ? 5 : a.termYears,
      a.firstYear ?? year,
      a.partnerEmail ?? null,
    ],
  );
  // The audit trail that goes with it: a signature, a used link and a sent email.
  await db.query(
    `INSERT INTO agreement_signatures (id, agreement_id, role, method, signer_name, email, document_sha256)
      VALUES (gen_random_uuid(), $1, 'donor', 'online', 'Anna Maria de Vries', $2, repeat('a', 64))`,
    [id(a.n), a.email],
  );
  await db.query(
    `INSERT INTO agreement_links (token_sha256, agreement_id, purpose, expires_at, used_at)
      VALUES (md5(random()::text), $1, 'sign_donor', now(), now())`,
    [id(a.n)],
  );
  await db.query(
    `INSERT INTO agreement_emails (id, agreement_id, kind, recipient, once_key, status)
      VALUES (gen_random_uuid(), $1, 'verify_email', 'donor', $2, 'sent')`,
    [id(a.n), `verify_email:donor:${id(a.n)}`],
  );
}

/** The monthly gift paying agreement `n`, with one paid debit: what the books keep. */
async function insertPaidGift(db: Client, n: number, email: string): Promise<string> {
  const donationId = id(n + 50);
  await db.query(
    `INSERT INTO donations (id, amount_cents, name, email, language, status, periodic_agreement_id, created_at,
      updated_at) VALUES ($1, 25000, 'Anna Maria de Vries', $2, 'nl', 'cancelled', $3, now() - interval '10 years',
      now() - interval '7 years')`,
    [donationId, email, id(n)],
  );
  await db.query(
    `INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, created_at,
      invoice_created_at) VALUES (gen_random_uuid(), $1, $2, 25000, 'paid', now() - interval '7 years',
      now() - interval '7 years')`,
    [donationId, `in_${n}`],
  );
  return donationId;
}

const ended = (interval: string) => `now() - interval '${interval}'`;

async function freshDatabase(): Promise<{ database: TestDatabase; db: Client }> {
  assertCliBuilt();
  const database = await createTestDatabase();
  const db = new Client({ connectionString: database.url });
  await db.connect();
  return { database, db };
}

async function column(db: Client, sql: string): Promise<unknown[]> {
  return (await db.query<Record<string, unknown>>(sql)).rows.map((row) => Object.values(row)[0]);
}

describe('npm run purge: periodic gift agreements', () => {
  let database: TestDatabase;
  let db: Client;
  let paidGiftId: string;
  beforeAll(async () => {
    ({ database, db } = await freshDatabase());
    const completed = ended('12 years');
    await insertAgreement(db, {
      n: 1,
      email: 'a@example.org',
      status: 'stopped',
      completed,
      ended: ended('7 years 1 day'),
    });
    await insertAgreement(db, {
      n: 2,
      email: 'b@example.org',
      status: 'ended',
      completed,
      ended: ended('7 years -1 day'),
    });
    await insertAgreement(db, {
      n: 3,
      email: 'c@example.org',
      status: 'awaiting_signatures',
      updated: ended('91 days'),
    });
    await insertAgreement(db, {
      n: 4,
      email: 'd@example.org',
      status: 'awaiting_countersignature',
      updated: ended('89 days'),
    });
    // Running for twelve years (until the donor's death): no end, so kept however old.
    await insertAgreement(db, {
      n: 5,
      email: 'e@example.org',
      status: 'active',
      completed,
      termYears: null,
      firstYear: year - 12,
    });
    // Signed, never started: its term's last year ended eight years ago (gone) or six years ago (kept).
    await insertAgreement(db, { n: 6, email: 'f@example.org', status: 'signed', completed, firstYear: year - 13 });
    await insertAgreement(db, { n: 7, email: 'g@example.org', status: 'signed', completed, firstYear: year - 11 });
    paidGiftId = await insertPaidGift(db, 1, 'a@example.org');
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('a dry run counts the agreements past retention and changes nothing', async () => {
    const run = await runCommand('purge', ['--dry-run'], { DATABASE_URL: database.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toMatch(/periodic gift agreements\s+3\s+\(ended 7 years ago/);
    expect(await column(db, 'SELECT count(*)::int FROM periodic_agreements')).toEqual([7]);
  });

  it('deletes an agreement seven years after it ended, or 90 days untouched if never completed, with its trail', async () => {
    const updatedBefore = await column(db, `SELECT updated_at FROM donations WHERE id = '${paidGiftId}'`);
    const run = await runCommand('purge', [], { DATABASE_URL: database.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toMatch(/periodic gift agreements\s+3\s/);
    expect(await column(db, 'SELECT email FROM periodic_agreements ORDER BY email')).toEqual([
      'b@example.org',
      'd@example.org',
      'e@example.org',
      'g@example.org',
    ]);
    // Signatures, links and emails went with their agreement.
    for (const table of ['agreement_signatures', 'agreement_links', 'agreement_emails']) {
      expect(await column(db, `SELECT count(*)::int FROM ${table}`)).toEqual([4]);
    }
    // The gift that paid the purged agreement keeps its payment for the books and its own retention clock.
    expect(await column(db, `SELECT periodic_agreement_id FROM donations WHERE id = '${paidGiftId}'`)).toEqual([null]);
    expect(await column(db, `SELECT updated_at FROM donations WHERE id = '${paidGiftId}'`)).toEqual(updatedBefore);
    expect(await column(db, 'SELECT stripe_invoice_id FROM donation_payments')).toEqual(['in_1']);
    const audit = await db.query<{ detail: { agreements: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'purge'",
    );
    expect(audit.rows.map((row) => row.detail.agreements)).toEqual([3]);
  });
});

describe('npm run erase: periodic gift agreements', () => {
  let database: TestDatabase;
  let db: Client;
  let giftId: string;
  beforeAll(async () => {
    ({ database, db } = await freshDatabase());
    const completed = ended('3 years');
    await insertAgreement(db, { n: 1, email: 'Jose@example.org', status: 'active', completed });
    await insertAgreement(db, {
      n: 2,
      email: 'jose@example.org',
      status: 'stopped',
      completed,
      ended: ended('2 years'),
    });
    await insertAgreement(db, { n: 3, email: 'jose@example.org', status: 'awaiting_signatures' });
    // Named as the partner on someone else's agreement, never countersigned.
    await insertAgreement(db, {
      n: 4,
      email: 'maria@example.org',
      status: 'awaiting_signatures',
      partnerEmail: 'JOSE@example.org',
    });
    await insertAgreement(db, { n: 5, email: 'other@example.org', status: 'active', completed });
    giftId = await insertPaidGift(db, 1, 'jose@example.org');
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('refuses a countersigned agreement while the fiscal duty runs, says why and until when, deletes the rest', async () => {
    const dry = await runCommand('erase', ['--email', 'jose@example.org', '--dry-run'], { DATABASE_URL: database.url });
    expect(dry.code).toBe(0);
    expect(dry.stdout.toString()).toContain(
      'Periodic gift agreements to delete (never countersigned, or past retention): 2',
    );
    expect(await column(db, 'SELECT count(*)::int FROM periodic_agreements')).toEqual([5]);

    const run = await runCommand('erase', ['--email', 'jose@example.org'], { DATABASE_URL: database.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout.toString();
    expect(out).toContain('Not erased: 2 countersigned periodic gift agreement(s)');
    expect(out).toContain('fiscal retention duty (art. 52 AWR)');
    expect(out).toContain('PG-TEST-00001  active  kept until 7 years after it ends (it still runs)');
    const endedAt = (await column(db, `SELECT ended_at FROM periodic_agreements WHERE id = '${id(2)}'`))[0] as Date;
    const keptUntil = new Date(endedAt);
    keptUntil.setUTCFullYear(keptUntil.getUTCFullYear() + 7);
    expect(out).toContain(
      `PG-TEST-00002  stopped  kept until ${keptUntil.toISOString().slice(0, 10)} (ended ${endedAt.toISOString().slice(0, 10)})`,
    );
    expect(out).toContain('Erased.');
    expect(out).not.toMatch(/Anna|Vries|Utrecht/);

    // The kept agreements keep their signatures; the others are gone with theirs; someone else's is untouched.
    expect(await column(db, 'SELECT transaction_number FROM periodic_agreements ORDER BY 1')).toEqual([
      'PG-TEST-00001',
      'PG-TEST-00002',
      'PG-TEST-00005',
    ]);
    expect(await column(db, 'SELECT count(*)::int FROM agreement_signatures')).toEqual([3]);
    // The gift's own personal fields are not under the duty: erased as any donation's, payment and link kept.
    expect(
      (await db.query(`SELECT name, email, periodic_agreement_id FROM donations WHERE id = '${giftId}'`)).rows,
    ).toEqual([{ name: null, email: '[erased]', periodic_agreement_id: id(1) }]);
    const audit = await db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'erase'",
    );
    expect(audit.rows[0].detail).toMatchObject({ agreements: 2, keptAgreements: 2, donations: 1 });
  });
});
