import { Logger } from '@nestjs/common';
import { JOBS } from '../src/queue/jobs';
import { MetricsService } from '../src/metrics/metrics.service';
import { HANDLED_EVENT_TYPES } from '../src/donations/ledger/donation-ledger.service';
import { PrismaService } from '../src/database/prisma.service';
import { QueueService } from '../src/queue/queue.service';
import { assertCliBuilt, runCommand } from './exports.helpers';
import { deliverOutcome, startDonation, storedDonation } from './support/donations';
import { waitUntil } from './support/faults-app';
import { stripeCharge, stripeEvent, StripeGift } from './support/stripe-stub';
import { sql } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * Reconciliation (docs/architecture.md §3.7): Stripe's event list read back and applied through the same ledger as the
 * webhook, by `npm run donations -- reconcile` (the built command, as staff run it) and by the daily job. An event the
 * webhook never received is applied exactly once, however often reconciliation runs and whatever arrives later.
 */
describe('reconciling donations with Stripe', () => {
  let stack: TestStack;
  let prisma: PrismaService;
  beforeAll(async () => {
    assertCliBuilt();
    stack = await startTestStack();
    prisma = stack.app.get(PrismaService);
  });
  afterAll(() => stack.close());

  const env = () => ({
    DATABASE_URL: stack.database.url,
    STRIPE_SECRET_KEY: stack.config.stripe.secretKey,
    STRIPE_API_URL: stack.stripe.url,
  });

  /** A donation whose first month reached the webhook, and whose second month's invoice.paid did not. */
  async function giftWithMissedPayment(email: string) {
    const gift = await startDonation(stack, { email, amount: 25 });
    const [in1, in2] = [gift.firstInvoice, `${gift.firstInvoice}_2`];
    for (const [invoice, method] of [
      [in1, 'ideal'],
      [in2, 'sepa_debit'],
    ]) {
      const charge = stripeCharge({ amount: 2500, method, status: 'succeeded', customer: gift.customer });
      stack.stripe.invoicePayments.set(invoice, [gift.invoicePayment(invoice, charge)]);
    }
    const delivered = [
      stripeEvent('checkout.session.completed', gift.session('paid')),
      stripeEvent('invoice.paid', gift.invoice(in1, 0, { status: 'paid' })),
    ];
    for (const event of delivered) {
      expect(await deliverOutcome(stack.url, event)).toEqual([200, 'processed']);
      stack.stripe.events.push(event);
    }
    const missed = stripeEvent('invoice.paid', gift.invoice(in2, 1, { status: 'paid' }));
    stack.stripe.events.push(missed);
    return { gift, in2, missed };
  }

  const paymentsOf = (gift: StripeGift) => prisma.donationPayment.count({ where: { donationId: gift.donationId } });

  it('recovers a missed invoice.paid exactly once: dry run first, then twice for real, then the late webhook', async () => {
    const { gift, in2, missed } = await giftWithMissedPayment('missed@example.org');
    // An event rendered in another API version is left alone and reported, never misread.
    const otherVersion = stripeEvent(
      'customer.subscription.updated',
      // Before 2025-03-31 the period sat on the subscription itself.
      { ...gift.subscriptionObject({ status: 'active', amount: 9900 }), current_period_end: gift.start + 30 * 86_400 },
      { apiVersion: '2025-02-24.acacia' },
    );
    stack.stripe.events.push(otherVersion);

    const dry = await runCommand('donations', ['reconcile', '--dry-run'], env());
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    const dryOut = dry.stdout.toString();
    expect(dryOut).toContain('Dry run: nothing was changed.');
    expect(dryOut).toContain('Would apply 1 event the webhook had not recorded:');
    expect(dryOut).toContain(`${missed.id} invoice.paid`);
    expect(dryOut).toContain(`payment ${in2}: recorded paid 25.00 (sepa_debit)`);
    expect(dryOut).toContain('Left alone 1 events in API version 2025-02-24.acacia');
    expect(await paymentsOf(gift)).toBe(1);
    expect(await prisma.stripeEvent.count({ where: { id: missed.id } })).toBe(0);

    const first = await runCommand('donations', ['reconcile'], env());
    expect([first.code, first.stderr]).toEqual([0, '']);
    const out = first.stdout.toString();
    expect(out).not.toContain('Dry run');
    expect(out).toMatch(/Stripe events since .* UTC: 4 listed, 2 already recorded\./);
    expect(out).toContain('Applied 1 event the webhook had not recorded:');
    expect(out).toContain(`payment ${in2}: recorded paid 25.00 (sepa_debit)`);
    expect(out).toContain(`donation ${gift.donationId.slice(0, 8)}: payment method ideal -> sepa_debit`);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    expect(payments.map((p) => [p.stripeInvoiceId, p.status])).toEqual([
      [gift.firstInvoice, 'paid'],
      [in2, 'paid'],
    ]);
    expect(donation).toMatchObject({ status: 'active', amountCents: 2500, paymentMethodType: 'sepa_debit' });
    expect(await prisma.stripeEvent.findUnique({ where: { id: otherVersion.id } })).toBeNull();

    const second = await runCommand('donations', ['reconcile'], env());
    expect(second.code).toBe(0);
    expect(second.stdout.toString()).toContain('3 already recorded');
    expect(second.stdout.toString()).toContain('Nothing missing: the ledger has every event.');
    expect(await paymentsOf(gift)).toBe(2);

    // Stripe's own retry of the delivery, after reconciliation recorded it: a duplicate, nothing changes.
    expect(await deliverOutcome(stack.url, missed)).toEqual([200, 'duplicate']);
    expect(await paymentsOf(gift)).toBe(2);
  });

  it('asks Stripe for the handled event types since --since, and refuses a date Stripe no longer keeps', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = stack.stripe.requestsTo('GET', '/v1/events').length;
    const run = await runCommand('donations', ['reconcile', '--since', today, '--dry-run'], env());
    expect(run.code).toBe(0);
    const request = stack.stripe.requestsTo('GET', '/v1/events')[before];
    const params = new URLSearchParams(request.path.split('?')[1]);
    expect(Number(params.get('created[gte]'))).toBeGreaterThan(Date.now() / 1000 - 2 * 86_400);
    const types = [...params.entries()].filter(([key]) => key.startsWith('types')).map(([, value]) => value);
    expect(types).toEqual([...HANDLED_EVENT_TYPES]);
    expect(types).toEqual(expect.arrayContaining(['invoice.paid', 'customer.subscription.deleted', 'charge.refunded']));

    for (const [args, message] of [
      [
        ['reconcile', '--since', '2020-01-01'],
        /^--since 2020-01-01 is more than 30 days ago: Stripe keeps events for 30 days/,
      ],
      [['reconcile', '--since', '2026-02-30'], /^Invalid date "2026-02-30" for --since/],
      [['reconcile', '--since', '2999-01-01'], /^--since 2999-01-01 is in the future/],
    ] as const) {
      const refused = await runCommand('donations', [...args], env());
      expect([args, refused.code]).toEqual([args, 2]);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toContain('npm run donations -- reconcile --help');
    }
    // A subcommand that does not exist names the ones that do.
    const unknown = await runCommand('donations', ['reconcil'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown subcommand "reconcil"\./);
    expect(unknown.stderr).toMatch(/reconcile .*\n\s+statements /);
  });

  it('names a missing Stripe key before doing anything', async () => {
    const run = await runCommand('donations', ['reconcile'], { DATABASE_URL: stack.database.url });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is required');
  });

  it('runs daily as a scheduled job that reads every page of the event list', async () => {
    const schedules = await sql<{ cron: string; timezone: string }>(
      stack,
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = 'donations-reconcile'`,
    );
    const { schedule } = JOBS['donations-reconcile'];
    expect(schedules).toEqual([{ cron: schedule.cron, timezone: schedule.timeZone }]);

    // 150 events about a subscription that is not ours (more than one page of 100), then the missed payment.
    const stranger = new StripeGift('', 'cs_test_not_ours', 1000);
    for (let i = 0; i < 150; i++) {
      stack.stripe.events.push(
        stripeEvent('customer.subscription.updated', stranger.subscriptionObject({ status: 'active' })),
      );
    }
    const { gift, in2, missed } = await giftWithMissedPayment('missed-daily@example.org');
    const pagesBefore = stack.stripe.requestsTo('GET', '/v1/events').length;

    // What pg-boss's clock does at 04:15: one job on the queue.
    await stack.app.get(QueueService).send('donations-reconcile', null);
    await waitUntil(
      async () => (await prisma.stripeEvent.count({ where: { id: missed.id } })) === 1,
      60_000,
      () => 'the daily reconciliation to apply the missed event',
    );
    expect((await storedDonation(stack, gift.donationId)).payments.map((p) => p.stripeInvoiceId)).toContain(in2);
    expect(stack.stripe.requestsTo('GET', '/v1/events').length - pagesBefore).toBeGreaterThanOrEqual(2);
    const strangerIds = stack.stripe.events
      .filter((event) => (event.data as { object: { id: string } }).object.id === stranger.subscription)
      .map((event) => event.id as string);
    expect(strangerIds).toHaveLength(150);
    expect(await prisma.stripeEvent.count({ where: { id: { in: strangerIds } } })).toBe(strangerIds.length);
    expect(await prisma.donationPayment.count({ where: { stripeSubscriptionId: stranger.subscription } })).toBe(0);
  });

  it('says in one error line and a metric when the webhook never recorded events Stripe sent long ago', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    const missedTotal = async () =>
      Number(
        /^site_stripe_events_missed_by_webhook_total\{source="events"\} (\d+)$/m.exec(
          (await stack.app.get(MetricsService).scrape()).body,
        )?.[1] ?? 0,
      );
    const before = await missedTotal();
    // A webhook that refuses Stripe's deliveries (off, or another signing secret): an hour later nothing is recorded.
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const gifts = await Promise.all(
      ['refused-1@example.org', 'refused-2@example.org'].map((email) => startDonation(stack, { email, amount: 25 })),
    );
    const events = gifts.map((gift) =>
      stripeEvent('checkout.session.completed', gift.session('paid'), { created: hourAgo }),
    );
    stack.stripe.events.push(...events);

    await stack.app.get(QueueService).send('donations-reconcile', null);
    const line = () =>
      errors.mock.calls.find(([fields]) => (fields as { event?: string }).event === 'stripe_events_missed_by_webhook');
    await waitUntil(
      () => line() !== undefined,
      60_000,
      () => 'the daily reconciliation to log missed events',
    );
    expect(line()).toEqual([
      { event: 'stripe_events_missed_by_webhook', source: 'events', missed: 2, webhook: 'on' },
      expect.stringMatching(
        /^reconciliation applied 2 stripe events the webhook never recorded: the webhook seems misconfigured/,
      ),
    ]);
    expect(await missedTotal()).toBe(before + 2);
    for (const gift of gifts) expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('active');
    errors.mockRestore();
  });
});
