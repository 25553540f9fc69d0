import { Client } from 'pg';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The default retention periods of docs/privacy.md, enforced by `npm run purge` (and the nightly job, which runs the
 * same function with the same settings) with nothing but DATABASE_URL set: per kind of data, a row an hour past its
 * period is deleted and a row an hour short of it is kept. A request's period counts from when it was closed, or
 * submitted if never closed.
 */
const DOCUMENTED_DAYS = {
  volunteer: 56, // 8 weeks
  contact: 365, // 1 year
  'help-request': 180, // about 6 months
  errorReports: 90, // since last seen
  donations: 2922, // 8 years: at least 7 years after the end of the year of the payment
};

const justOlder = (days: number) => `now() - interval '${days} days' - interval '1 hour'`;
const justYounger = (days: number) => `now() - interval '${days} days' + interval '1 hour'`;

describe('default retention periods', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    assertCliBuilt();
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    for (const type of ['volunteer', 'contact', 'help-request'] as const) {
      const days = DOCUMENTED_DAYS[type];
      await db.query(`INSERT INTO submissions (id, type, language, name, email, created_at) VALUES
        (gen_random_uuid(), '${type}', 'nl', '${type} expired', 'a@example.org', ${justOlder(days)}),
        (gen_random_uuid(), '${type}', 'nl', '${type} kept', 'b@example.org', ${justYounger(days)})`);
      // docs/privacy.md: the period runs from the end of contact. Submitted long ago but closed within the period:
      // staff were still helping, so it stays; closed just past the period, it goes; contacted but never closed, the
      // period runs from the day it was submitted.
      await db.query(`INSERT INTO submissions (id, type, language, name, email, created_at, status, closed_at) VALUES
        (gen_random_uuid(), '${type}', 'nl', '${type} closed recently', 'c@example.org', ${justOlder(days * 3)},
          'closed', ${justYounger(days)}),
        (gen_random_uuid(), '${type}', 'nl', '${type} closed expired', 'd@example.org', ${justOlder(days * 3)},
          'closed', ${justOlder(days)}),
        (gen_random_uuid(), '${type}', 'nl', '${type} contacted expired', 'e@example.org', ${justOlder(days)},
          'contacted', NULL)`);
    }
    const reports = DOCUMENTED_DAYS.errorReports;
    await db.query(`INSERT INTO error_reports (id, fingerprint, message, first_seen_at, last_seen_at) VALUES
      (gen_random_uuid(), 'a', 'error expired', ${justOlder(reports + 30)}, ${justOlder(reports)}),
      (gen_random_uuid(), 'b', 'error kept', ${justOlder(reports + 30)}, ${justYounger(reports)})`);
    const donations = DOCUMENTED_DAYS.donations;
    await db.query(`INSERT INTO donations (id, amount_cents, email, language, status, created_at, updated_at)
      VALUES
      ('00000000-0000-4000-8000-000000000001', 1000, 'expired@example.org', 'nl', 'cancelled',
        ${justOlder(donations + 400)}, ${justOlder(donations)}),
      ('00000000-0000-4000-8000-000000000002', 1000, 'kept@example.org', 'nl', 'cancelled',
        ${justOlder(donations + 400)}, ${justYounger(donations)}),
      ('00000000-0000-4000-8000-000000000003', 1000, 'paying@example.org', 'nl', 'active',
        ${justOlder(donations + 400)}, ${justOlder(donations + 400)})`);
    await db.query(`INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, created_at,
      invoice_created_at) VALUES
      (gen_random_uuid(), '00000000-0000-4000-8000-000000000001', 'in_expired', 1000, 'paid', ${justOlder(donations)},
        ${justOlder(donations)}),
      (gen_random_uuid(), '00000000-0000-4000-8000-000000000003', 'in_old', 1000, 'paid', ${justOlder(donations)},
        ${justOlder(donations)}),
      (gen_random_uuid(), '00000000-0000-4000-8000-000000000003', 'in_kept', 1000, 'paid', ${justYounger(donations)},
        ${justYounger(donations)})`);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('deletes each kind of data an hour past its default period and keeps it an hour before', async () => {
    const run = await runCommand('purge', [], { DATABASE_URL: database.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = async (query: string) =>
      (await db.query<Record<string, unknown>>(query)).rows.map((row) => Object.values(row)[0]);
    expect(await rows('SELECT name FROM submissions ORDER BY name')).toEqual([
      'contact closed recently',
      'contact kept',
      'help-request closed recently',
      'help-request kept',
      'volunteer closed recently',
      'volunteer kept',
    ]);
    expect(await rows('SELECT message FROM error_reports')).toEqual(['error kept']);
    expect(await rows('SELECT stripe_invoice_id FROM donation_payments')).toEqual(['in_kept']);
    // A donation whose last change and payments are past the period goes; one still being paid stays with its donor.
    expect(await rows('SELECT email FROM donations ORDER BY email')).toEqual([
      'kept@example.org',
      'paying@example.org',
    ]);
  });
});

/**
 * docs/privacy.md "Donations and payments": a donation that never reached a payment (Checkout left open or expired,
 * or the first payment failed, and no payment row) is deleted 30 days after its last change, instead of keeping the
 * donor's name, email and message for the 8 years of the books.
 */
describe('unpaid donation intents', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    assertCliBuilt();
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    const insert = (n: number, email: string, status: string, updated: string) =>
      db.query(`INSERT INTO donations (id, amount_cents, email, name, message, language, status, created_at, updated_at)
        VALUES ('00000000-0000-4000-8000-00000000010${n}', 1000, '${email}', 'Name', 'A message', 'nl', '${status}',
        ${updated} - interval '1 day', ${updated})`);
    await insert(1, 'open-expired@example.org', 'open', justOlder(30));
    await insert(2, 'failed-expired@example.org', 'failed', justOlder(30));
    await insert(3, 'open-kept@example.org', 'open', justYounger(30));
    await insert(4, 'failed-with-payment@example.org', 'failed', justOlder(30));
    await insert(5, 'pending-kept@example.org', 'pending', justOlder(30));
    await insert(6, 'cancelled-kept@example.org', 'cancelled', justOlder(30));
    await db.query(`INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, created_at,
      invoice_created_at) VALUES (gen_random_uuid(), '00000000-0000-4000-8000-000000000104', 'in_failed', 1000,
      'failed', ${justOlder(30)}, ${justOlder(30)})`);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('deletes an open or failed donation without any payment 30 days after its last change, and nothing else', async () => {
    const dry = await runCommand('purge', ['--dry-run'], { DATABASE_URL: database.url });
    expect(dry.code).toBe(0);
    expect((await db.query('SELECT count(*)::int AS n FROM donations')).rows[0].n).toBe(6);

    const run = await runCommand('purge', [], { DATABASE_URL: database.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const left = await db.query<{ email: string }>('SELECT email FROM donations ORDER BY email');
    expect(left.rows.map((row) => row.email)).toEqual([
      'cancelled-kept@example.org',
      'failed-with-payment@example.org',
      'open-kept@example.org',
      'pending-kept@example.org',
    ]);
    const audit = await db.query<{ detail: { unpaidDonations: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'purge'",
    );
    expect(audit.rows.map((row) => row.detail.unpaidDonations)).toEqual([2]);
  });
});
