import { Client } from 'pg';
import { exportToBuffer } from './exports.helpers';
import { ALL_DELIVERED_ONCE, deliveryReport, waitForQuietSink } from './support/faults-app';
import { FAST_RETRY_ENV, postJson, sendEmailBody, waitFor } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * mail.int-spec.ts proves no loss and no duplicates when SMTP is down from the start, with one snapshot of the
 * rows. This adds what it does not cover: SMTP going away while the pooled transport is warm and mail is flowing,
 * with the delivery state read through the staff export (the columns staff see) all the way through the outage.
 */
interface ExportedRow {
  id: string;
  email: string;
  email_status: string;
  email_attempts: number;
  email_last_error: string | null;
  email_sent_at: string | null;
  confirmation_sent_at: string | null;
}

/** Everything an export row may not say at any moment of the outage; empty when the row is consistent. */
function problems(row: ExportedRow, previous: ExportedRow | undefined, smtpUp: boolean): string[] {
  const found: string[] = [];
  const say = (what: string) => found.push(`${row.email}: ${what} (${JSON.stringify(row)})`);
  if (!['queued', 'sending', 'retrying', 'sent'].includes(row.email_status)) say('unexpected status');
  if (row.email_status === 'sent' && (!row.email_sent_at || !row.confirmation_sent_at || row.email_last_error)) {
    say('sent without both sent-at times, or with an error');
  }
  if (row.email_status !== 'sent' && row.email_sent_at && !smtpUp) say('staff mail marked sent while SMTP was down');
  if (
    row.email_status === 'retrying' &&
    !/ECONNREFUSED|ECONNRESET|ESOCKET|ETIMEDOUT/.test(row.email_last_error ?? '')
  ) {
    say('retrying without the SMTP error');
  }
  if (row.email_last_error?.includes('@')) say('personal data in the error');
  if (previous && row.email_attempts < previous.email_attempts) say('attempts went down');
  if (previous?.email_status === 'sent' && row.email_status !== 'sent') say('left "sent"');
  return found;
}

describe('SMTP refusing connections for a while, then back (status correct throughout)', () => {
  let stack: TestStack;
  let db: Client;
  beforeAll(async () => {
    stack = await startTestStack({ ...FAST_RETRY_ENV, LOG_LEVEL: 'error' });
    db = new Client({ connectionString: stack.database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  async function exported(): Promise<ExportedRow[]> {
    const lines = (await exportToBuffer(db, 'submissions', 'jsonl')).toString('utf8').split('\n').filter(Boolean);
    return lines.map((line) => JSON.parse(line) as ExportedRow);
  }

  async function submit(count: number, name: string): Promise<void> {
    for (let i = 0; i < count; i++) {
      const response = await postJson(stack, sendEmailBody('contact', { email: `${name}-${i}@example.org` }));
      expect(response.status).toBe(201);
    }
  }

  it('keeps every row honest in the staff export while SMTP is down, then delivers each message once', async () => {
    // Mail is flowing through a warm connection pool.
    await submit(5, 'before');
    await waitFor(async () => (await exported()).every((r) => r.email_status === 'sent'), 30_000, 'first mails');

    await stack.smtp.stop();
    let smtpUp = false;
    const seen = new Map<string, ExportedRow>();
    const violations: string[] = [];
    let samples = 0;
    const sample = async () => {
      const rows = await exported();
      samples += 1;
      for (const row of rows) {
        violations.push(...problems(row, seen.get(row.id), smtpUp));
        seen.set(row.id, row);
      }
      return rows;
    };

    await submit(10, 'during');
    // Staff see each new form as retrying, with its attempts and the SMTP error, and no sent-at.
    const retryingOnTheOutage = (r: ExportedRow) =>
      r.email_status === 'retrying' &&
      r.email_attempts >= 2 &&
      r.email_sent_at === null &&
      /^staff: ESOCKET ECONNREFUSED/.test(r.email_last_error ?? '');
    await waitFor(
      async () => {
        const rows = (await sample()).filter((r) => r.email.startsWith('during-'));
        return rows.length === 10 && rows.every(retryingOnTheOutage);
      },
      60_000,
      'every form sent during the outage to show as retrying (ECONNREFUSED) after two attempts, without sent-at',
    );
    expect(stack.smtp.messages).toHaveLength(10);

    await stack.smtp.start(stack.smtp.port);
    smtpUp = true;
    const after = await waitFor(
      async () => {
        const rows = await sample();
        return rows.every((r) => r.email_status === 'sent') && rows;
      },
      60_000,
      'every form to show as sent once SMTP is back',
    );
    for (const row of after) {
      expect(row.email_last_error).toBeNull();
      expect(row.email_sent_at).toEqual(expect.any(String));
    }
    expect(violations).toEqual([]);
    expect(samples).toBeGreaterThan(2);

    // Nothing arrives late: each staff notification and confirmation exactly once.
    await waitForQuietSink(stack.smtp, 2 * after.length, 30_000);
    expect(deliveryReport(stack.smtp, after)).toEqual(ALL_DELIVERED_ONCE);
  }, 150_000);
});
