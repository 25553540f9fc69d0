import { MailRecoveryService } from '../src/mail/mail-recovery.service';
import { MailStatusService } from '../src/mail/mail-status.service';
import { DEFAULT_MAIL_RETRY_POLICY, MIN_RETRY_SPAN_SECONDS, retrySpanSeconds } from '../src/config/mail-retry-policy';
import { loadConfig } from '../src/config/app-config';
import {
  emailStates,
  FAST_RETRY_ENV,
  postJson,
  sendEmailBody,
  sql,
  waitFor,
  waitForStatus,
} from './support/submissions';
import { startTestStack, testEnv, type TestStack } from './support/test-app';

/** Every submission has exactly one staff notification and one confirmation in the sink, no other message. */
function expectDeliveredExactlyOnce(stack: TestStack, ids: string[]): void {
  const messageIds = stack.smtp.messages.map((m) => m.messageId);
  expect(new Set(messageIds).size).toBe(messageIds.length);
  expect(messageIds.sort()).toEqual(
    ids.flatMap((id) => [`<${id}.confirmation@stichting.test>`, `<${id}.staff@stichting.test>`]).sort(),
  );
}

describe('mail retry policy', () => {
  it('retries for at least 24 hours by default and says how long at most', () => {
    const span = retrySpanSeconds(DEFAULT_MAIL_RETRY_POLICY);
    expect(span.min).toBeGreaterThanOrEqual(MIN_RETRY_SPAN_SECONDS);
    expect(span.min).toBe(86_610); // 24.06 h
    expect(span.max).toBe(90_180); // 25.05 h
  });

  it('refuses a production configuration that gives up within a day', () => {
    const env = {
      ...testEnv({
        databaseUrl: 'postgresql://localhost/x',
        smtpUrl: 'smtp://localhost:25',
        turnstileVerifyUrl: 'http://localhost/siteverify',
        stripeApiUrl: 'http://localhost:1',
        stripeSecretKey: 'sk_test_abc',
      }),
      NODE_ENV: 'production',
    };
    expect(() => loadConfig({ ...env, MAIL_RETRY_LIMIT: '5' })).toThrow(/at least 24 hours/);
    expect(loadConfig(env).mail.retry).toEqual(DEFAULT_MAIL_RETRY_POLICY);
  });
});

describe('mail delivery when SMTP fails', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(FAST_RETRY_ENV);
  });
  afterAll(() => stack.close());

  it('accepts and stores submissions while SMTP is down, retries, and delivers each exactly once when it is back', async () => {
    await stack.smtp.stop();
    const ids: string[] = [];
    for (const type of ['volunteer', 'contact', 'help-request'] as const) {
      for (let i = 0; i < 3; i++) {
        const response = await postJson(stack, sendEmailBody(type, { email: `${type}${i}@example.org` }));
        expect(response.status).toBe(201);
        ids.push(response.json.id as string);
      }
    }
    // Several failed attempts each, recorded on the row without personal data.
    const retrying = await waitFor(
      async () => {
        const states = await emailStates(stack);
        return states.every((s) => s.email_status === 'retrying' && s.email_attempts >= 2) && states;
      },
      30_000,
      'every submission retrying',
    );
    expect(retrying).toHaveLength(9);
    for (const state of retrying) {
      expect(state.email_last_error).toMatch(/^staff: ESOCKET ECONNREFUSED/);
      expect(state.email_last_error).not.toMatch(/@/);
      expect(state.email_sent_at).toBeNull();
    }
    expect(stack.smtp.messages).toHaveLength(0);

    await stack.smtp.start(stack.smtp.port);
    await waitFor(
      async () => (await emailStates(stack)).every((s) => s.email_status === 'sent'),
      30_000,
      'every submission sent',
    );
    const states = await emailStates(stack);
    for (const state of states) {
      expect(state.email_last_error).toBeNull();
      expect(state.email_sent_at).toBeInstanceOf(Date);
      expect(state.confirmation_sent_at).toBeInstanceOf(Date);
    }
    // Nothing more arrives later: each message exactly once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expectDeliveredExactlyOnce(stack, ids);
  }, 90_000);

  it('retries a temporary refusal (451) until the server accepts', async () => {
    stack.smtp.messages.length = 0;
    stack.smtp.refuseWith = 451;
    const { json } = await postJson(stack, sendEmailBody('contact'));
    const id = json.id as string;
    const [state] = await waitFor(async () => {
      const rows = await sql(
        stack,
        'SELECT email_status, email_attempts, email_last_error FROM submissions WHERE id = $1',
        [id],
      );
      return Number(rows[0].email_attempts) >= 2 && rows;
    });
    expect(state.email_status).toMatch(/retrying|sending/);
    expect(state.email_last_error).toContain('451');
    stack.smtp.refuseWith = undefined;
    await waitForStatus(stack, id, 'sent');
    expectDeliveredExactlyOnce(stack, [id]);
  }, 60_000);

  it('marks a permanent refusal (550) dead after one attempt; the staff retry re-queues and delivers it', async () => {
    stack.smtp.messages.length = 0;
    stack.smtp.refuseWith = 550;
    const { json } = await postJson(stack, sendEmailBody('help-request'));
    const id = json.id as string;
    await waitForStatus(stack, id, 'dead');
    // No further attempts are made on a dead delivery.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const [dead] = await sql(stack, 'SELECT email_attempts, email_last_error FROM submissions WHERE id = $1', [id]);
    expect(dead.email_attempts).toBe(1);
    expect(dead.email_last_error).toMatch(/^staff: .*550.*permanent/);
    expect(await sql(stack, "SELECT 1 FROM pgboss.job WHERE name = 'submission-email-dead'")).toHaveLength(1);

    const recovery = stack.app.get(MailRecoveryService);
    const status = stack.app.get(MailStatusService);
    expect(await status.countByStatus()).toMatchObject({ dead: 1, queued: 0, sending: 0, retrying: 0 });

    stack.smtp.refuseWith = undefined;
    expect(await recovery.retryDead()).toEqual({ requeued: [id], donorEmails: [] });
    await waitForStatus(stack, id, 'sent');
    expectDeliveredExactlyOnce(stack, [id]);
    expect(await status.countByStatus()).toMatchObject({ dead: 0, queued: 0, sending: 0, retrying: 0 });
    expect(await sql(stack, "SELECT 1 FROM pgboss.job WHERE name = 'submission-email-dead'")).toHaveLength(0);
    const [audit] = await sql(stack, "SELECT detail FROM audit_log WHERE action = 'mail.retry'");
    expect(audit.detail).toEqual({ count: 1, submissionIds: [id] });
    expect(await recovery.retryDead()).toEqual({ requeued: [], donorEmails: [] });
  }, 60_000);

  it('after a refused confirmation, a retry sends the confirmation only, never a second staff notification', async () => {
    stack.smtp.messages.length = 0;
    stack.smtp.refuseTo.set('nobody@example.org', 550);
    const { json } = await postJson(stack, sendEmailBody('contact', { email: 'nobody@example.org' }));
    const id = json.id as string;
    await waitForStatus(stack, id, 'dead');
    const [dead] = await sql(
      stack,
      'SELECT email_sent_at, confirmation_sent_at, email_last_error FROM submissions WHERE id = $1',
      [id],
    );
    expect(dead.email_sent_at).toBeInstanceOf(Date);
    expect(dead.confirmation_sent_at).toBeNull();
    expect(dead.email_last_error).toMatch(/^confirmation: .*550/);
    expect(dead.email_last_error).not.toContain('nobody@example.org');

    stack.smtp.refuseTo.clear();
    await stack.app.get(MailRecoveryService).retryDead({ ids: [id] });
    await waitForStatus(stack, id, 'sent');
    expectDeliveredExactlyOnce(stack, [id]);
  }, 60_000);
});
