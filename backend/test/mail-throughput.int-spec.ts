import { MailTransport } from '../src/mail/mail.transport';
import { QueueService } from '../src/queue/queue.service';
import { postJson, sendEmailBody, sql, waitFor } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

const SUBMISSIONS = 500;
/** Sizing (docs/product.md §9.6): the worker drains at least 100 emails per second to a loopback SMTP server. */
const TARGET_EMAILS_PER_SECOND = 100;

describe('mail worker throughput', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      RUN_WORKER: 'false',
      ...(JSON.parse(process.env.BENCH_ENV ?? '{}') as Record<string, string>),
    });
  });
  afterAll(() => stack.close());

  it(`drains a backlog of ${SUBMISSIONS * 2} emails near the speed of the SMTP pool itself`, async () => {
    // The backlog comes in the way production fills it: forms posted to the API, each stored with its email job.
    for (let first = 0; first < SUBMISSIONS; first += 20) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(20, SUBMISSIONS - first) }, (_, i) =>
          postJson(
            stack,
            sendEmailBody('contact', { name: `Sender ${first + i}`, email: `sender${first + i}@example.org` }),
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    }
    expect(stack.smtp.messages).toHaveLength(0);

    // The same number of messages straight through the pooled transport: the ceiling on this machine right now.
    const transport = stack.app.get(MailTransport);
    const rawStarted = Date.now();
    await Promise.all(
      Array.from({ length: SUBMISSIONS * 2 }, (_, i) =>
        transport.send({
          messageId: `<raw-${i}@stichting.test>`,
          to: 'raw@example.org',
          subject: 'Raw',
          text: 'Raw transport message.',
          html: '<p>Raw transport message.</p>',
          language: 'en',
        }),
      ),
    );
    const rawRate = (SUBMISSIONS * 2) / ((Date.now() - rawStarted) / 1000);
    stack.smtp.messages.length = 0;

    const started = Date.now();
    await stack.app.get(QueueService).work('submission-email');
    await waitFor(() => stack.smtp.messages.length >= SUBMISSIONS * 2, 60_000, 'the backlog to drain');
    const seconds = (Date.now() - started) / 1000;
    const rate = (SUBMISSIONS * 2) / seconds;
    console.log(
      `worker drained ${SUBMISSIONS * 2} emails in ${seconds.toFixed(2)} s: ${rate.toFixed(0)} emails/s ` +
        `(raw pooled transport on this machine now: ${rawRate.toFixed(0)} emails/s; target ${TARGET_EMAILS_PER_SECOND})`,
    );
    // The absolute target holds on an idle machine; on a busy one the worker must keep most of the raw SMTP speed.
    expect(rate).toBeGreaterThanOrEqual(Math.min(TARGET_EMAILS_PER_SECOND, rawRate * 0.4));
    await waitFor(
      async () =>
        (await sql(stack, "SELECT count(*)::int AS n FROM submissions WHERE email_status = 'sent'"))[0].n ===
        SUBMISSIONS,
    );
    expect(new Set(stack.smtp.messages.map((m) => m.messageId)).size).toBe(SUBMISSIONS * 2);
  }, 120_000);
});
