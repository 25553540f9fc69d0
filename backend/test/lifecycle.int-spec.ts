import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { Client } from 'pg';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../src/config/app-config';
import { ConfigModule } from '../src/config/config.module';
import { DatabaseModule } from '../src/database/database.module';
import { QueueModule } from '../src/queue/queue.module';
import { JOBS } from '../src/queue/jobs';
import { RetentionJob } from '../src/retention/retention.job';
import { RetentionModule } from '../src/retention/retention.module';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { testEnv } from './support/test-env';

/**
 * Data lifecycle: purge by retention period, erasure on request, email recovery, each run as staff run
 * it (the built commands as child processes) against a real PostgreSQL, checked row by row afterwards.
 */
const ago = (days: number) => `now() - interval '${days} days'`;

function submission(id: string, type: string, email: string, daysAgo: number, status = 'sent'): string {
  return `('${id}', '${type}', 'nl', 'Naam ${id.slice(-2)}', '${email}', '+31 6 000000${id.slice(-2)}', 'Utrecht',
    'Onderwerp', 'Bericht met persoonlijke details', 'Motivatie', 'Ervaring', 'Omschrijving', ${ago(daysAgo)},
    '${status}', ${status === 'dead' ? 31 : 1}, ${status === 'dead' ? `'550 <${email}> unknown'` : 'NULL'})`;
}

const SUBMISSION_COLUMNS = `(id, type, language, name, email, phone, location, subject, message, motivation,
  experience, description, created_at, email_status, email_attempts, email_last_error)`;

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

async function freshDatabase(): Promise<{ database: TestDatabase; db: Client }> {
  const database = await createTestDatabase();
  const db = new Client({ connectionString: database.url });
  await db.connect();
  return { database, db };
}

const count = async (db: Client, sql: string) => Number((await db.query(sql)).rows[0].count);

describe('npm run purge', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    assertCliBuilt();
    ({ database, db } = await freshDatabase());
    // Defaults: volunteer 56, contact 365, help-request 180 days; error reports 90 days; donations 2922 days.
    await db.query(`INSERT INTO submissions ${SUBMISSION_COLUMNS} VALUES
      ${submission(id(1), 'volunteer', 'a@example.org', 60)},
      ${submission(id(2), 'volunteer', 'b@example.org', 50)},
      ${submission(id(3), 'contact', 'c@example.org', 400)},
      ${submission(id(4), 'contact', 'd@example.org', 100)},
      ${submission(id(5), 'help-request', 'e@example.org', 181)},
      ${submission(id(6), 'help-request', 'f@example.org', 10)}`);
    await db.query(`INSERT INTO error_reports (id, fingerprint, message, first_seen_at, last_seen_at) VALUES
      (gen_random_uuid(), 'old', 'old error', ${ago(200)}, ${ago(91)}),
      (gen_random_uuid(), 'recent', 'recent error', ${ago(200)}, ${ago(5)})`);
    await db.query(`INSERT INTO donations (id, amount_cents, email, language, status, created_at)
      VALUES ('${id(50)}', 1000, 'old@example.org', 'nl', 'active', ${ago(2500)})`);
    await db.query(`INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status, created_at,
      invoice_created_at) VALUES (gen_random_uuid(), '${id(50)}', 'in_old', 1000, 'paid', ${ago(2490)}, ${ago(2490)})`);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  const remaining = async () =>
    (await db.query<{ id: string }>('SELECT id FROM submissions ORDER BY id')).rows.map((row) => row.id);

  it('--dry-run counts per type and changes nothing', async () => {
    const run = await runCommand('purge', ['--dry-run'], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    const out = run.stdout.toString();
    expect(out).toContain('Dry run: nothing changed.');
    expect(out).toMatch(/volunteer submissions\s+1 {2}\(older than 56 days\)/);
    expect(out).toMatch(/contact submissions\s+1 {2}\(older than 365 days\)/);
    expect(out).toMatch(/help-request submissions\s+1 {2}\(older than 180 days\)/);
    expect(out).toMatch(/error reports\s+1 {2}\(not seen for 90 days\)/);
    expect(out).toMatch(/donation payments\s+0 {2}\(older than 2922 days\)/);
    expect(out).toMatch(/unpaid donations\s+0 {2}\(never paid, unchanged for 30 days\)/);
    expect(await remaining()).toHaveLength(6);
    expect(await count(db, 'SELECT count(*) FROM error_reports')).toBe(2);
    expect(await count(db, 'SELECT count(*) FROM audit_log')).toBe(0);
  });

  it('takes the periods from RETENTION_DAYS_* without needing the web configuration', async () => {
    const run = await runCommand('purge', ['--dry-run'], { DATABASE_URL: database.url, RETENTION_DAYS_CONTACT: '30' });
    expect(run.stdout.toString()).toMatch(/contact submissions\s+2 {2}\(older than 30 days\)/);
    const bad = await runCommand('purge', ['--dry-run'], { DATABASE_URL: database.url, RETENTION_DAYS_CONTACT: 'x' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('RETENTION_DAYS_CONTACT must be a positive whole number (got "x")');
  });

  it('deletes exactly the expired rows, keeps donations within their period, and writes an audit line with counts only', async () => {
    const run = await runCommand('purge', [], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toContain('Rows deleted:');
    expect(await remaining()).toEqual([id(2), id(4), id(6)]);
    expect((await db.query('SELECT fingerprint FROM error_reports')).rows).toEqual([{ fingerprint: 'recent' }]);
    expect(await count(db, 'SELECT count(*) FROM donations')).toBe(1);
    expect(await count(db, 'SELECT count(*) FROM donation_payments')).toBe(1);
    const { rows } = await db.query('SELECT action, detail FROM audit_log');
    expect(rows).toEqual([
      {
        action: 'purge',
        detail: {
          submissions: { volunteer: 1, contact: 1, 'help-request': 1 },
          errorReports: 1,
          donations: 0,
          donationPayments: 0,
          unpaidDonations: 0,
          agreements: 0,
          retentionDays: { volunteer: 56, contact: 365, 'help-request': 180, errorReports: 90, donations: 2922 },
        },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('@example.org');
  });

  it('refuses unknown options with exit code 2', async () => {
    const run = await runCommand('purge', ['--force'], { DATABASE_URL: database.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('Unknown option --force.\nRun `npm run purge -- --help` for usage and examples.\n');
  });
});

describe('daily retention job', () => {
  it('schedules retention-purge at 03:30 Amsterdam time and purges with the configured periods', async () => {
    const { database, db } = await freshDatabase();
    // The web process's configuration with its defaults (RUN_WORKER and the retention periods of docs/privacy.md).
    const config = loadConfig(
      testEnv({
        databaseUrl: database.url,
        smtpUrl: 'smtp://127.0.0.1:1',
        turnstileVerifyUrl: 'http://127.0.0.1:1/siteverify',
        stripeApiUrl: 'http://127.0.0.1:1',
        stripeSecretKey: 'sk_test_unused',
      }),
    );
    // What the web process and `npm run worker` build around the job: configuration, database, queue, retention.
    const context = await NestFactory.createApplicationContext(
      {
        module: class RetentionJobTestModule {},
        imports: [
          ConfigModule.forRoot(config),
          DatabaseModule,
          QueueModule.forRoot({ 'retention-purge': JOBS['retention-purge'] }),
          RetentionModule,
        ],
      },
      { logger: false },
    );
    try {
      const { rows: schedules } = await db.query('SELECT name, cron, timezone FROM pgboss.schedule');
      expect(schedules).toEqual([
        expect.objectContaining({ name: 'retention-purge', cron: '30 3 * * *', timezone: 'Europe/Amsterdam' }),
      ]);
      await db.query(`INSERT INTO submissions ${SUBMISSION_COLUMNS} VALUES
        ${submission(id(1), 'contact', 'a@example.org', 366)}, ${submission(id(2), 'contact', 'b@example.org', 364)}`);
      await context.get(RetentionJob).handle();
      expect((await db.query('SELECT id FROM submissions')).rows).toEqual([{ id: id(2) }]);
      expect((await db.query("SELECT count(*) FROM audit_log WHERE action = 'purge'")).rows[0].count).toBe('1');
    } finally {
      await context.close();
      await db.end();
      await database.drop();
    }
  });
});

describe('npm run erase', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    ({ database, db } = await freshDatabase());
    await db.query(`INSERT INTO submissions ${SUBMISSION_COLUMNS} VALUES
      ${submission(id(1), 'volunteer', 'jose@example.org', 10)},
      ${submission(id(2), 'help-request', 'Jose@Example.ORG', 5, 'dead')},
      ${submission(id(3), 'contact', 'someone.else@example.org', 3)}`);
    await db.query(`INSERT INTO donations (id, amount_cents, name, email, message, referral, referrer_name,
        referrer_email, language, status, stripe_customer_id, created_at) VALUES
      ('${id(11)}', 1250, 'José Müller', 'JOSE@example.org', 'Veel succes', false, NULL, NULL, 'nl', 'active',
        'cus_1', ${ago(20)}),
      ('${id(12)}', 500, 'Anna Smit', 'anna@example.org', 'Via José', true, 'José Müller', 'jose@example.org', 'nl',
        'open', 'cus_2', ${ago(15)}),
      ('${id(13)}', 2500, 'Piet', 'piet@example.org', NULL, NULL, NULL, NULL, 'nl', 'active', 'cus_3', ${ago(15)})`);
    await db.query(`INSERT INTO donation_payments (id, donation_id, stripe_invoice_id, amount_cents, status,
      invoice_created_at) VALUES (gen_random_uuid(), '${id(11)}', 'in_1', 1250, 'paid', now())`);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  const snapshot = async () => ({
    submissions: (await db.query('SELECT * FROM submissions ORDER BY id')).rows,
    donations: (await db.query('SELECT * FROM donations ORDER BY id')).rows,
    payments: (await db.query('SELECT * FROM donation_payments ORDER BY id')).rows,
  });

  it('--dry-run lists ids, dates and statuses, no other personal data, and changes nothing', async () => {
    const before = await snapshot();
    const run = await runCommand('erase', ['--email', 'jose@example.org', '--dry-run'], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    const out = run.stdout.toString();
    expect(out).toContain('Submissions: 2');
    expect(out).toContain(`${id(1)}  `);
    expect(out).toMatch(new RegExp(`${id(2)}  \\d{4}-\\d{2}-\\d{2}  help-request  email dead`));
    expect(out).toContain('Donations: 1');
    expect(out).toMatch(new RegExp(`${id(11)}  \\d{4}-\\d{2}-\\d{2}  active  EUR 12.50`));
    expect(out).toContain('Named as referrer on other donations: 1');
    expect(out).toContain('Dry run: nothing changed.');
    expect(out).not.toMatch(/José|Müller|Naam|@example\.org|\+31/);
    expect(await snapshot()).toEqual(before);
    expect(await count(db, 'SELECT count(*) FROM audit_log')).toBe(0);
  });

  it('redacts the personal fields, keeps amounts, dates and statuses, and writes a hashed audit line', async () => {
    const before = await snapshot();
    const run = await runCommand('erase', ['--email', ' Jose@Example.org '], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toContain('Erased.');
    const after = await snapshot();

    for (const n of [0, 1]) {
      expect(after.submissions[n]).toMatchObject({
        id: before.submissions[n].id,
        type: before.submissions[n].type,
        created_at: before.submissions[n].created_at,
        email_status: before.submissions[n].email_status,
        email_attempts: before.submissions[n].email_attempts,
        name: '[erased]',
        email: '[erased]',
        phone: null,
        location: null,
        subject: null,
        message: null,
        motivation: null,
        experience: null,
        description: null,
        email_last_error: null,
      });
      expect(after.submissions[n].erased_at).toBeInstanceOf(Date);
    }
    expect(after.submissions[2]).toEqual(before.submissions[2]);

    expect(after.donations[0]).toMatchObject({
      amount_cents: 1250,
      status: 'active',
      created_at: before.donations[0].created_at,
      stripe_customer_id: 'cus_1',
      name: null,
      email: '[erased]',
      message: null,
    });
    expect(after.donations[0].erased_at).toBeInstanceOf(Date);
    // Only the referrer fields of someone else's donation.
    expect(after.donations[1]).toEqual({ ...before.donations[1], referrer_name: null, referrer_email: null });
    expect(after.donations[2]).toEqual(before.donations[2]);
    expect(after.payments).toEqual(before.payments);

    const { rows } = await db.query('SELECT action, detail FROM audit_log');
    expect(rows).toEqual([
      {
        action: 'erase',
        detail: {
          emailSha256: createHash('sha256').update('jose@example.org').digest('hex'),
          submissions: 2,
          donations: 1,
          referrals: 1,
          agreements: 0,
          keptAgreements: 0,
        },
      },
    ]);
  });

  it('finds nothing the second time', async () => {
    const run = await runCommand('erase', ['--email', 'jose@example.org', '--dry-run'], { DATABASE_URL: database.url });
    expect(run.stdout.toString()).toContain('Nothing found for this address; nothing changed.');
  });

  it.each([
    [[], 'Missing --email: whose data should be erased?'],
    [['--email', 'not-an-address'], '"not-an-address" is not an email address.'],
    [['--email'], '--email needs a value.'],
    [['--mail', 'x@example.org'], 'Unknown option --mail.'],
  ])('refuses %j with exit code 2', async (args, message) => {
    const run = await runCommand('erase', args, { DATABASE_URL: database.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${message}\nRun \`npm run erase -- --help\` for usage and examples.\n`);
  });
});

describe('npm run erase, with an address holding LIKE wildcards', () => {
  it('erases that address only: "_" and "%" match themselves, not any character', async () => {
    const { database, db } = await freshDatabase();
    try {
      await db.query(`INSERT INTO submissions ${SUBMISSION_COLUMNS} VALUES
        ${submission(id(1), 'contact', 'jose_m@example.org', 3)},
        ${submission(id(2), 'contact', 'joseXm@example.org', 2)},
        ${submission(id(3), 'volunteer', 'JOSE_M@Example.org', 1)}`);
      await db.query(`INSERT INTO donations (id, amount_cents, email, referrer_email, language, status) VALUES
        ('${id(11)}', 500, 'josexm@example.org', NULL, 'nl', 'active'),
        ('${id(12)}', 500, 'anna@example.org', 'joseym@example.org', 'nl', 'open')`);
      const intentsBefore = (await db.query('SELECT * FROM donations ORDER BY id')).rows;

      const run = await runCommand('erase', ['--email', 'jose_m@example.org'], { DATABASE_URL: database.url });
      expect(run.code).toBe(0);
      expect(run.stdout.toString()).toContain('Submissions: 2');
      const emails = await db.query<{ email: string }>('SELECT email FROM submissions ORDER BY id');
      expect(emails.rows.map((row) => row.email)).toEqual(['[erased]', 'joseXm@example.org', '[erased]']);
      expect((await db.query('SELECT * FROM donations ORDER BY id')).rows).toEqual(intentsBefore);

      const everyone = await runCommand('erase', ['--email', '%@example.org', '--dry-run'], {
        DATABASE_URL: database.url,
      });
      expect(everyone.code).toBe(0);
      expect(everyone.stdout.toString()).toContain('Nothing found for this address; nothing changed.');
    } finally {
      await db.end();
      await database.drop();
    }
  });
});

describe('npm run mail', () => {
  let database: TestDatabase;
  let db: Client;
  beforeAll(async () => {
    ({ database, db } = await freshDatabase());
    await db.query(`INSERT INTO submissions ${SUBMISSION_COLUMNS} VALUES
      ${submission(id(1), 'volunteer', 'a@example.org', 3)},
      ${submission(id(2), 'help-request', 'b@example.org', 2, 'dead')},
      ${submission(id(3), 'help-request', 'c@example.org', 1, 'dead')},
      ${submission(id(4), 'contact', 'd@example.org', 0, 'retrying')}`);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('status counts submissions by delivery state and shows the oldest undelivered one', async () => {
    const run = await runCommand('mail', ['status'], { DATABASE_URL: database.url });
    expect(run.code).toBe(0);
    const out = run.stdout.toString();
    expect(out).toMatch(/queued\s+0\n/);
    expect(out).toMatch(/retrying\s+1\n/);
    expect(out).toMatch(/sent\s+1\n/);
    expect(out).toMatch(/dead\s+2\n/);
    expect(out).toMatch(/Oldest undelivered: 20\d\d-\S+Z \((2 days|4\d\.\d h) ago\)/);
    // Donor emails are the second outbox, listed after the submissions: none here.
    expect(out.slice(out.indexOf('Email delivery of donor emails:'))).toMatch(
      /^Email delivery of donor emails:\n( {2}\w+ +0\n){5}Oldest undelivered: none, everything was sent\n$/,
    );
  });

  it('retry explains that the queue must exist first and changes nothing', async () => {
    const run = await runCommand('mail', ['retry'], { DATABASE_URL: database.url });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'The email queue does not exist yet: start the app or `npm run worker` once, then retry.',
    );
    expect(await count(db, "SELECT count(*) FROM submissions WHERE email_status = 'dead'")).toBe(2);
  });

  it('retry re-queues every dead delivery with a job and prints how many', async () => {
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false });
    await boss.start();
    try {
      await boss.createQueue('submission-email-dead');
      await boss.createQueue('submission-email', { deadLetter: 'submission-email-dead' });
      const run = await runCommand('mail', ['retry'], { DATABASE_URL: database.url });
      expect(run.code).toBe(0);
      expect(run.stdout.toString()).toBe('Queued 2 dead deliveries again; the running app or worker sends them.\n');
      const { rows } = await db.query<{ email_status: string }>('SELECT id, email_status FROM submissions ORDER BY id');
      expect(rows.map((row) => row.email_status)).toEqual(['sent', 'queued', 'queued', 'retrying']);
      const jobs = await boss.findJobs<{ submissionId: string }>('submission-email', { queued: true });
      expect(jobs.map((job) => job.data.submissionId).sort()).toEqual([id(2), id(3)]);
      const again = await runCommand('mail', ['retry'], { DATABASE_URL: database.url });
      expect(again.stdout.toString()).toBe('No dead deliveries: nothing to retry.\n');
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  });

  it.each([
    [[], 'Missing action: status or retry.'],
    [['restart'], 'Unknown action "restart": status or retry.'],
  ])('refuses %j with exit code 2', async (args, message) => {
    const run = await runCommand('mail', args, { DATABASE_URL: database.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${message}\nRun \`npm run mail -- --help\` for usage and examples.\n`);
  });
});
