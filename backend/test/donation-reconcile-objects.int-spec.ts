import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { PrismaService } from '../src/database/prisma.service';
import { STRIPE_API_VERSION } from '../src/config/stripe-api-version';
import { MetricsService } from '../src/metrics/metrics.service';
import { QueueService } from '../src/queue/queue.service';
import { assertCliBuilt, exportToBuffer, runCommand } from './exports.helpers';
import { deliverOutcome, donorEmailsAskedFor, startDonation, storedDonation } from './support/donations';
import { waitUntil } from './support/faults-app';
import { stripeCharge, stripeEvent, type StripeGift } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** The calendar year of an instant in Dutch time, as the yearly statement counts it (docs/product.md §7.9). */
const dutchYear = (seconds: number) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Amsterdam', year: 'numeric' }).format(seconds * 1000));

/**
 * Reconciliation from Stripe's objects (docs/architecture.md §3.7): what the webhook missed longer ago than Stripe's
 * event list reaches (30 days) is read back from the subscription and its invoices and applied through the same
 * ledger, by `npm run donations -- reconcile --from-objects` (the built command, as staff run it) and by the daily job.
 */
describe('reconciling donations with Stripe from its subscriptions and invoices', () => {
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

  /** Invoice `id` of the gift, paid `daysAgo` days ago by `method`, as Stripe has it (and its invoice payment). */
  function paidInvoice(gift: StripeGift, id: string, month: number, daysAgo: number, method: string) {
    const paidAt = now() - daysAgo * DAY;
    const invoice = gift.invoice(id, month, { status: 'paid' });
    invoice.created = paidAt - 3 * DAY;
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: paidAt };
    const charge = stripeCharge({ amount: gift.amountCents, method, status: 'succeeded', customer: gift.customer });
    charge.created = paidAt;
    stack.stripe.invoicePayments.set(id, [gift.invoicePayment(id, charge)]);
    stack.stripe.invoices.set(id, invoice);
    return invoice;
  }

  /**
   * A gift whose Checkout, first payment and subscription reached the webhook 50 days ago; its subscription as Stripe
   * has it now is `subscription` (active unless given).
   */
  async function giftDeliveredLongAgo(
    email: string,
    subscription?: (gift: StripeGift) => ReturnType<StripeGift['subscriptionObject']>,
  ) {
    const gift = await startDonation(stack, { email, amount: 25 });
    const first = paidInvoice(gift, gift.firstInvoice, 0, 50, 'ideal');
    const active = gift.subscriptionObject({ status: 'active', month: 1 });
    const created = now() - 50 * DAY;
    for (const [type, object] of [
      ['checkout.session.completed', gift.session('paid')],
      ['invoice.paid', first],
      ['customer.subscription.updated', active],
    ] as const) {
      expect(await deliverOutcome(stack.url, stripeEvent(type, object, { created }))).toEqual([200, 'processed']);
    }
    stack.stripe.subscriptions.set(gift.subscription, subscription?.(gift) ?? active);
    return { gift, first };
  }

  const recordedEvents = () => prisma.stripeEvent.count();

  it('recovers a payment whose invoice.paid was missed 45 days ago: ledger, export and yearly statement, once', async () => {
    const email = 'missed-long-ago@example.org';
    const { gift, first } = await giftDeliveredLongAgo(email);
    const in2 = `${gift.firstInvoice}_2`;
    const second = paidInvoice(gift, in2, 1, 45, 'sepa_debit');
    // Stripe's event of that payment is older than the 30 days its event list keeps: the list no longer has it.
    const missed = stripeEvent('invoice.paid', second, { created: second.status_transitions.paid_at! });
    stack.stripe.events.push(missed);
    // An invoice whose SEPA debit is still being processed: not settled, left alone.
    const processing = gift.invoice(`${gift.firstInvoice}_3`, 2, { status: 'open', next_payment_attempt: null });
    stack.stripe.invoices.set(processing.id, processing);

    const events = await runCommand('donations', ['reconcile', '--dry-run'], env());
    expect([events.code, events.stderr]).toEqual([0, '']);
    expect(events.stdout.toString()).toContain('Nothing missing: the ledger has every event.');
    expect((await storedDonation(stack, gift.donationId)).payments).toHaveLength(1);

    const eventsBefore = await recordedEvents();
    const dry = await runCommand('donations', ['reconcile', '--from-objects', '--dry-run'], env());
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    const dryOut = dry.stdout.toString();
    expect(dryOut).toContain('Dry run: nothing was changed.');
    expect(dryOut).toContain('Stripe subscriptions read: 1, with all their invoices (3); 2 already shown.');
    expect(dryOut).toContain('Would apply 1 change the webhook had not recorded:');
    expect(dryOut).toMatch(new RegExp(`${in2} invoice\\.paid \\(as recon_${in2}_paid_[0-9a-f]{16}\\)`));
    expect(dryOut).toContain(`payment ${in2}: recorded paid 25.00 (sepa_debit)`);
    expect((await storedDonation(stack, gift.donationId)).payments).toHaveLength(1);
    expect(await recordedEvents()).toBe(eventsBefore);
    // Stripe was asked for this subscription's invoices (every page, newest first), in the pinned API version.
    const asked = stack.stripe.requestsTo('GET', '/v1/invoices').at(-1)!;
    expect(new URLSearchParams(asked.path.split('?')[1]).get('subscription')).toBe(gift.subscription);
    expect(asked.headers['stripe-version']).toBe(STRIPE_API_VERSION);

    const run = await runCommand('donations', ['reconcile', '--from-objects'], env());
    expect([run.code, run.stderr]).toEqual([0, '']);
    const out = run.stdout.toString();
    expect(out).toContain('Applied 1 change the webhook had not recorded:');
    expect(out).toContain(`payment ${in2}: recorded paid 25.00 (sepa_debit)`);
    expect(out).toContain(`donation ${gift.donationId.slice(0, 8)}: payment method ideal -> sepa_debit`);
    const { donation, payments } = await storedDonation(stack, gift.donationId);
    const paidAt = [first, second].map((invoice) => invoice.status_transitions.paid_at!);
    expect(payments.map((p) => [p.stripeInvoiceId, p.status, p.amountCents, p.paidAt?.getTime()])).toEqual([
      [gift.firstInvoice, 'paid', 2500, paidAt[0] * 1000],
      [in2, 'paid', 2500, paidAt[1] * 1000],
    ]);
    expect(donation).toMatchObject({ status: 'active', paymentMethodType: 'sepa_debit' });

    // Staff see it where they look: the payments export and the yearly statement of its year.
    const client = new Client({ connectionString: stack.database.url });
    await client.connect();
    try {
      const rows = (await exportToBuffer(client, 'donation-payments', 'jsonl'))
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((row) => row.donor_email === email);
      expect(rows.map((row) => [row.stripe_invoice_id, row.status, row.amount_eur])).toEqual([
        [gift.firstInvoice, 'paid', 25],
        [in2, 'paid', 25],
      ]);
    } finally {
      await client.end();
    }
    // 45 days ago: this year, or last year early in January; the first payment may fall in the year before.
    const year = dutchYear(paidAt[1]);
    const inYear = paidAt.filter((at) => dutchYear(at) === year).length;
    const statement = await runCommand(
      'donations',
      ['statements', '--year', String(year), '--email', email, '--dry-run'],
      { DATABASE_URL: stack.database.url },
    );
    expect([statement.code, statement.stderr]).toEqual([0, '']);
    expect(statement.stdout.toString()).toContain(
      `would queue  ${email}  ${inYear} payment${inYear === 1 ? '' : 's'}, EUR ${(25 * inYear).toFixed(2)}`,
    );

    // Twice: the same objects are the same synthetic events, already recorded; nothing changes.
    const eventsAfter = await recordedEvents();
    const again = await runCommand('donations', ['reconcile', '--from-objects'], env());
    expect(again.code).toBe(0);
    expect(again.stdout.toString()).toContain(
      'Nothing missing: the ledger shows every subscription and settled invoice.',
    );
    expect(await recordedEvents()).toBe(eventsAfter);
    expect((await storedDonation(stack, gift.donationId)).payments).toHaveLength(2);

    // Stripe's own event, should it still arrive, is applied and merges into the same payment.
    expect(await deliverOutcome(stack.url, missed)).toEqual([200, 'processed']);
    const merged = await storedDonation(stack, gift.donationId);
    expect(merged.payments.map((p) => [p.stripeInvoiceId, p.status])).toEqual([
      [gift.firstInvoice, 'paid'],
      [in2, 'paid'],
    ]);
    expect(merged.donation.status).toBe('active');
  });

  it('takes --since older than 30 days with --from-objects: the invoices created since that day are read', async () => {
    const refused = await runCommand('donations', ['reconcile', '--since', '2020-01-01'], env());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('or add --from-objects to read the subscriptions and invoices since then');

    const before = stack.stripe.requestsTo('GET', '/v1/invoices').length;
    const run = await runCommand(
      'donations',
      ['reconcile', '--from-objects', '--since', '2020-01-01', '--dry-run'],
      env(),
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout.toString()).toMatch(/with their invoices since 2019-12-31 23:00 UTC/);
    const asked = stack.stripe.requestsTo('GET', '/v1/invoices').slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      const params = new URLSearchParams(request.path.split('?')[1]);
      expect(params.get('created[gte]')).toBe(String(Date.UTC(2019, 11, 31, 23) / 1000));
    }
  });

  it('ends a gift cancelled in Stripe long ago while the webhook was down, with one email, counted by the metric', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    const logs = jest.spyOn(Logger.prototype, 'log');
    const missedFromObjects = async () =>
      Number(
        /^site_stripe_events_missed_by_webhook_total\{source="objects"\} (\d+)$/m.exec(
          (await stack.app.get(MetricsService).scrape()).body,
        )?.[1] ?? 0,
      );
    const before = await missedFromObjects();
    const endedAt = now() - 40 * DAY;
    const { gift } = await giftDeliveredLongAgo('cancelled-long-ago@example.org', (g) =>
      g.subscriptionObject({ status: 'canceled', month: 1, canceled_at: endedAt, ended_at: endedAt }),
    );
    // Its customer.subscription.deleted is older than Stripe's event list reaches.
    stack.stripe.events.push(
      stripeEvent('customer.subscription.deleted', stack.stripe.subscriptions.get(gift.subscription)!, {
        created: endedAt,
      }),
    );
    expect((await storedDonation(stack, gift.donationId)).donation.status).toBe('active');

    const runs = () =>
      logs.mock.calls.filter(([, message]) => message === 'donation reconciliation from stripe objects done').length;
    // What pg-boss's clock does at 04:15: one job on the queue.
    await stack.app.get(QueueService).send('donations-reconcile', null);
    await waitUntil(
      () => runs() === 1,
      60_000,
      () => 'the daily reconciliation to read the subscriptions',
    );
    const { donation } = await storedDonation(stack, gift.donationId);
    expect(donation).toMatchObject({ status: 'cancelled', subscriptionStatus: 'canceled' });
    expect(donation.cancelledAt?.getTime()).toBe(endedAt * 1000);
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toEqual([
      `welcome:${gift.donationId}`,
      `cancelled:${gift.donationId}`,
    ]);
    expect(await missedFromObjects()).toBe(before + 1);
    const line = errors.mock.calls.find(
      ([fields]) => (fields as { event?: string; source?: string }).source === 'objects',
    );
    expect(line).toEqual([
      { event: 'stripe_events_missed_by_webhook', source: 'objects', missed: 1, webhook: 'on' },
      expect.stringMatching(/^reconciliation applied 1 changes of stripe's subscriptions and invoices/),
    ]);

    // The next day: the gift has ended, nothing more is read, sent or counted.
    await stack.app.get(QueueService).send('donations-reconcile', null);
    await waitUntil(
      () => runs() === 2,
      60_000,
      () => 'the second daily reconciliation',
    );
    expect(await donorEmailsAskedFor(stack, gift.donationId)).toHaveLength(2);
    expect(stack.smtp.to('cancelled-long-ago@example.org')).toHaveLength(2);
    expect(await missedFromObjects()).toBe(before + 1);
    errors.mockRestore();
    logs.mockRestore();
  });
});
