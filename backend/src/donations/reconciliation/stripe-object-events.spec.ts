import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../stripe/stripe.client';
import { invoiceEvent, invoiceOutcome, subscriptionEvent } from './stripe-object-events';

/** The events reconciliation from Stripe's objects makes up (docs/architecture.md §3.7), on objects made up here. */
describe("the events made up from Stripe's subscriptions and invoices", () => {
  const day = 86_400;
  const invoice = (fields: Partial<Record<keyof Stripe.Invoice, unknown>>) =>
    ({
      id: 'in_1',
      status: 'paid',
      attempted: true,
      attempt_count: 1,
      amount_paid: 2500,
      amount_due: 2500,
      next_payment_attempt: null,
      status_transitions: { paid_at: 1_700_000_000, marked_uncollectible_at: null },
      ...fields,
    }) as unknown as Stripe.Invoice;
  const subscription = (fields: Partial<Record<keyof Stripe.Subscription, unknown>>) =>
    ({
      id: 'sub_1',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      pause_collection: null,
      items: { data: [{ price: { unit_amount: 2500, currency: 'eur' }, quantity: 1, current_period_end: 1 }] },
      ...fields,
    }) as unknown as Stripe.Subscription;

  it('settles an invoice paid, failed (given up on, or waiting for its next attempt) or not at all', () => {
    expect(invoiceOutcome(invoice({}))).toBe('paid');
    expect(invoiceOutcome(invoice({ status: 'uncollectible', amount_paid: 0 }))).toBe('failed');
    expect(invoiceOutcome(invoice({ status: 'open', next_payment_attempt: 1_700_000_000 + 3 * day }))).toBe('failed');
    // A SEPA debit still being processed, a draft, a void invoice: left alone.
    expect(invoiceOutcome(invoice({ status: 'open' }))).toBeNull();
    expect(invoiceOutcome(invoice({ status: 'draft', attempted: false, attempt_count: 0 }))).toBeNull();
    expect(invoiceOutcome(invoice({ status: 'void' }))).toBeNull();
    expect(invoiceEvent(invoice({ status: 'void' }), new Date())).toBeNull();
  });

  it('names an event after the object and its state: the same state is the same id, another state another', () => {
    const read = new Date('2026-11-27T04:15:00Z');
    const paid = invoiceEvent(invoice({}), read)!;
    expect(paid.event).toMatchObject({ type: 'invoice.paid', api_version: STRIPE_API_VERSION, created: 1_700_000_000 });
    expect(paid.event.id).toMatch(/^recon_in_1_paid_[0-9a-f]{16}$/);
    expect(paid.happenedAt).toEqual(new Date(1_700_000_000_000));
    expect(invoiceEvent(invoice({}), new Date())!.event.id).toBe(paid.event.id);

    const retrying = invoice({ status: 'open', amount_paid: 0, next_payment_attempt: 1_700_000_000 });
    const failed = invoiceEvent(retrying, read)!;
    expect(failed.event).toMatchObject({ type: 'invoice.payment_failed', created: read.getTime() / 1000 });
    expect(failed.event.id).toMatch(/^recon_in_1_failed_/);
    const again = invoiceEvent({ ...retrying, attempt_count: 2 }, read)!;
    expect(again.event.id).not.toBe(failed.event.id);

    const active = subscriptionEvent(subscription({}), read);
    expect(active).toMatchObject({ objectId: 'sub_1', happenedAt: null });
    expect(active.event).toMatchObject({ type: 'customer.subscription.updated', created: read.getTime() / 1000 });
    expect(subscriptionEvent(subscription({}), new Date()).event.id).toBe(active.event.id);
    const raised = subscriptionEvent(
      subscription({
        items: { data: [{ price: { unit_amount: 5000, currency: 'eur' }, quantity: 1, current_period_end: 1 }] },
      }),
      read,
    );
    expect(raised.event.id).toMatch(/^recon_sub_1_active_/);
    expect(raised.event.id).not.toBe(active.event.id);

    const ended = subscriptionEvent(
      subscription({ status: 'canceled', canceled_at: 1_600_000_000, ended_at: 1_600_000_100 }),
      read,
    );
    expect(ended.event.type).toBe('customer.subscription.deleted');
    expect(ended.event.id).toMatch(/^recon_sub_1_canceled_/);
    expect(ended.happenedAt).toEqual(new Date(1_600_000_100_000));
  });
});
