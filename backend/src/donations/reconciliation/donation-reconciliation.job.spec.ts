import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import type { MetricsService } from '../../metrics/metrics.service';
import { DonationReconciliationJob, WEBHOOK_DELIVERY_GRACE_MS } from './donation-reconciliation.job';
import type {
  DonationObjectReconciliation,
  ObjectReconciliationReport,
} from './donation-object-reconciliation.service';
import type { DonationReconciliation, ReconciliationReport } from './donation-reconciliation.service';

/** The daily job's verdict on the webhook (docs/stripe-setup.md §4), on a report made up for each case. */
describe('the daily reconciliation job and a webhook that misses events', () => {
  const applied = (ageMs: number, id = `evt_${ageMs}`) => ({
    id,
    type: 'invoice.paid',
    created: new Date(Date.now() - ageMs),
    changes: [],
  });

  const changed = (happenedAt: Date | null, id = `recon_in_${happenedAt?.getTime() ?? 'now'}`) => ({
    id,
    type: 'invoice.paid',
    objectId: 'in_1',
    donationId: 'd',
    happenedAt,
    changes: ['payment in_1: recorded paid 25.00 (sepa_debit)'],
  });

  function run(
    webhookOff: string | undefined,
    events: ReconciliationReport['applied'],
    objects: ObjectReconciliationReport['applied'] = [],
  ) {
    const report: ReconciliationReport = {
      since: new Date(),
      dryRun: false,
      listed: events.length,
      applied: events,
      alreadyApplied: 0,
      otherApiVersion: [],
      failed: [],
    };
    const reconciliation = { reconcile: jest.fn().mockResolvedValue(report) } as unknown as DonationReconciliation;
    const objectReport: ObjectReconciliationReport = {
      dryRun: false,
      since: null,
      donations: objects.length,
      invoices: objects.length,
      applied: objects,
      alreadyRecorded: 0,
      notAtStripe: [],
      failed: [],
    };
    const objectReconciliation = {
      reconcile: jest.fn().mockResolvedValue(objectReport),
    } as unknown as DonationObjectReconciliation;
    const counted: Array<[string, number]> = [];
    const metrics = {
      stripeEventsMissedByWebhook: (source: string, count: number) => counted.push([source, count]),
    } as unknown as MetricsService;
    const config = { stripe: { webhookOff } } as unknown as AppConfig;
    jest.restoreAllMocks();
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const job = new DonationReconciliationJob(reconciliation, metrics, config, objectReconciliation);
    return job.handle().then(() => ({
      counted,
      lines: errors.mock.calls.filter(
        ([fields]) => (fields as { event?: string }).event === 'stripe_events_missed_by_webhook',
      ),
    }));
  }

  afterEach(() => jest.restoreAllMocks());

  it('while the webhook is off, counts every event it applied and names the reason in one error line', async () => {
    const { counted, lines } = await run('STRIPE_WEBHOOK_SECRET is unset', [applied(1000), applied(5000)]);
    expect(counted).toEqual([['events', 2]]);
    expect(lines).toHaveLength(1);
    expect(lines[0][0]).toEqual({
      event: 'stripe_events_missed_by_webhook',
      source: 'events',
      missed: 2,
      webhook: 'off',
    });
    expect(lines[0][1]).toContain('the webhook is off (STRIPE_WEBHOOK_SECRET is unset)');
  });

  it('while it is on, counts only events Stripe had time to deliver', async () => {
    const late = await run(undefined, [applied(1000), applied(WEBHOOK_DELIVERY_GRACE_MS + 60_000)]);
    expect(late.counted).toEqual([['events', 1]]);
    expect(late.lines).toHaveLength(1);
    expect(late.lines[0][1]).toMatch(/^reconciliation applied 1 stripe events the webhook never recorded/);
    const fresh = await run(undefined, [applied(1000)]);
    expect(fresh).toEqual({ counted: [], lines: [] });
  });

  it("counts what Stripe's objects showed apart, by source: undated changes, and dated ones Stripe had time to deliver", async () => {
    const longAgo = new Date(Date.now() - 45 * 86_400_000);
    const { counted, lines } = await run(
      undefined,
      [applied(WEBHOOK_DELIVERY_GRACE_MS + 60_000)],
      [changed(longAgo), changed(null), changed(new Date(Date.now() - 1000))],
    );
    expect(counted).toEqual([
      ['events', 1],
      ['objects', 2],
    ]);
    expect(lines.map(([fields]) => fields as object)).toEqual([
      { event: 'stripe_events_missed_by_webhook', source: 'events', missed: 1, webhook: 'on' },
      { event: 'stripe_events_missed_by_webhook', source: 'objects', missed: 2, webhook: 'on' },
    ]);
    expect(lines[1][1]).toMatch(/^reconciliation applied 2 changes of stripe's subscriptions and invoices/);
  });
});
