import fc from 'fast-check';
import { StatementsService } from '../src/donor-email/statements.service';
import {
  deliverOutcome,
  donorEmailsAskedFor,
  startDonation,
  storedDonation,
  type StripeTestEvent,
} from './support/donations';
import { stripeCharge, stripeDispute, stripeEvent, StripeGift, type StripeStub } from './support/stripe-stub';
import { startTestStack, type TestStack } from './support/test-app';

/**
 * docs/product.md §4.2 "Order and repetition": Stripe's events may arrive late, twice, or in any order, and the same
 * events in any order end in the same donation. One gift's half year (a failed month paid on the second try, a raise,
 * a pause, two disputes, refunds) is delivered as signed webhooks through the real endpoint, against real PostgreSQL
 * and the Stripe stand-in: once in the order it happened, then in orders and repetitions fast-check picks, each to a
 * donation of its own. Each ends with the same donation, the same payments and the same yearly statement.
 */

const HOUR = 3_600;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
/** Orders of delivery fast-check tries, each to a fresh donation (one to two seconds each). */
const RUNS = 30;
/** The property stops trying new orders after this long; it must have tried at least MIN_RUNS by then. */
const TIME_LIMIT_MS = 60_000;
const MIN_RUNS = 10;
/** Repeated deliveries fast-check may add to an order, at most. */
const MAX_REPEATS = 8;

/**
 * Every gift of this file starts on the same second, six months ago: their stories carry the same dates, so stored
 * dates compare as they are, and every event lies in the past, as Stripe's do.
 */
const STORY_START = Math.floor(Date.now() / 1000) - 6 * MONTH;

class HalfYearOldGift extends StripeGift {
  override readonly start = STORY_START;
}

type Charge = ReturnType<typeof stripeCharge>;

/** A charge of the story and what happens to it at Stripe over time. */
interface StoryCharge {
  month: number;
  charge: Charge;
  /** Stripe's `amount_refunded` of the charge from each instant on (seconds), oldest first. */
  refunds: Array<{ at: number; amountRefunded: number }>;
  disputedAt: number | null;
  /** The charge's dispute as GET /v1/disputes shows it from each instant on (seconds), oldest first. */
  disputeSteps: Array<{ at: number; dispute: object }>;
}

/** One gift's events as they happened (distinct seconds, oldest first), and Stripe's side of them over time. */
interface Story {
  gift: StripeGift;
  events: Array<{ label: string; event: StripeTestEvent }>;
  /** The invoice of each month that has one (month 3 was paused: Stripe voids it, no event of ours). */
  invoices: Map<string, string>;
  /** Makes the stand-in answer as Stripe stood at `at`: the invoices' payments (charges) and the subscription. */
  stripeAsOf(stripe: StripeStub, at: number): void;
}

/**
 * Six months of a €25 monthly card gift (docs/product.md §4.2):
 * - month 0: paid in Checkout; its charge is disputed months later and the foundation loses;
 * - month 1: paid; disputed, and the foundation wins (funds reinstated): a gift again;
 * - month 2: the first try fails (past due), the second is paid; €10 of it is refunded later;
 * - the donor raises the gift to €30, pauses it for month 3 (Stripe voids that invoice) and it resumes in month 4;
 * - month 4: paid, refunded €5, then in full; month 5: paid.
 */
function storyOf(gift: StripeGift): Story {
  const startOf = (month: number) => gift.start + month * MONTH;
  const invoiceId = (month: number) => (month === 0 ? gift.firstInvoice : `${gift.firstInvoice}_m${month}`);
  const invoices = new Map([0, 1, 2, 4, 5].map((month) => [invoiceId(month), `month ${month}`]));
  const events: Story['events'] = [];
  const subscriptions: Array<{ at: number; object: ReturnType<StripeGift['subscriptionObject']> }> = [];
  const charges: StoryCharge[] = [];

  const happened = (label: string, at: number, type: string, object: object) =>
    events.push({ label, event: stripeEvent(type, object, { created: at }) });
  const chargeOf = (month: number, amount: number, at: number, status: 'succeeded' | 'failed' = 'succeeded') => {
    const made: StoryCharge = {
      month,
      charge: stripeCharge({ amount, method: 'card', status, customer: gift.customer, created: at }),
      refunds: [],
      disputedAt: null,
      disputeSteps: [],
    };
    charges.push(made);
    return made;
  };
  /** The charge as Stripe shows it at `at`: refunded so far, and disputed once a dispute was opened. */
  const chargeAsOf = ({ charge, refunds, disputedAt }: StoryCharge, at: number): Charge => {
    const amountRefunded = refunds.filter((refund) => refund.at <= at).at(-1)?.amountRefunded ?? 0;
    return {
      ...charge,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === charge.amount,
      disputed: disputedAt !== null && disputedAt <= at,
    };
  };
  const invoicePaid = (month: number, paid: StoryCharge, at: number, attempts = 1) => {
    const invoice = gift.invoice(invoiceId(month), month, {
      status: 'paid',
      attempt_count: attempts,
      amount: paid.charge.amount,
    });
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: paid.charge.created };
    happened(`invoice of month ${month} paid`, at, 'invoice.paid', invoice);
  };
  const subscriptionChanged = (label: string, at: number, state: Parameters<StripeGift['subscriptionObject']>[0]) => {
    const object = gift.subscriptionObject(state);
    subscriptions.push({ at, object });
    happened(`subscription: ${label}`, at, 'customer.subscription.updated', object);
  };
  const refunded = (story: StoryCharge, at: number, amountRefunded: number) => {
    story.refunds.push({ at, amountRefunded });
    const label = amountRefunded === story.charge.amount ? 'in full' : `${amountRefunded} cents`;
    happened(`month ${story.month} refunded ${label}`, at, 'charge.refunded', chargeAsOf(story, at));
  };
  const disputed = (story: StoryCharge, steps: Array<[type: string, at: number, status: string]>) => {
    const [[, openedAt]] = steps;
    story.disputedAt = openedAt;
    const dispute = { ...stripeDispute(chargeAsOf(story, openedAt), 'fraudulent'), created: openedAt };
    for (const [type, at, status] of steps) {
      story.disputeSteps.push({ at, dispute: { ...dispute, status } });
      happened(`month ${story.month} ${type.slice('charge.'.length)} (${status})`, at, type, { ...dispute, status });
    }
  };

  // Month 0: Checkout takes the first €25 by card.
  const month0 = chargeOf(0, 2500, startOf(0) + 30);
  happened('checkout completed', startOf(0) + 60, 'checkout.session.completed', gift.session('paid'));
  invoicePaid(0, month0, startOf(0) + 90);

  // Month 1: paid.
  subscriptionChanged('month 1', startOf(1), { status: 'active', month: 1 });
  const month1 = chargeOf(1, 2500, startOf(1) + 2 * HOUR);
  invoicePaid(1, month1, startOf(1) + 2 * HOUR + 60);

  // Month 2: the first try fails, Stripe calls the subscription past due, the second try three days later is paid.
  subscriptionChanged('month 2', startOf(2), { status: 'active', month: 2 });
  chargeOf(2, 2500, startOf(2) + 2 * HOUR, 'failed');
  happened(
    'invoice of month 2 failed',
    startOf(2) + 2 * HOUR + 60,
    'invoice.payment_failed',
    gift.invoice(invoiceId(2), 2, { status: 'open', attempt_count: 1, next_payment_attempt: startOf(2) + 3 * DAY }),
  );
  subscriptionChanged('past due', startOf(2) + 2 * HOUR + 120, { status: 'past_due', month: 2 });
  const month2 = chargeOf(2, 2500, startOf(2) + 3 * DAY);
  invoicePaid(2, month2, startOf(2) + 3 * DAY + 60, 2);
  subscriptionChanged('active again', startOf(2) + 3 * DAY + 120, { status: 'active', month: 2 });

  // The donor raises the gift to €30, then pauses it until month 4 (Stripe voids month 3's invoice) and it resumes.
  subscriptionChanged('raised to 3000 cents', startOf(2) + 10 * DAY, { status: 'active', month: 2, amount: 3000 });
  const resumesAt = startOf(4);
  subscriptionChanged('paused', startOf(2) + 15 * DAY, {
    status: 'active',
    month: 2,
    amount: 3000,
    paused_until: resumesAt,
  });
  subscriptionChanged('month 3, paused', startOf(3), {
    status: 'active',
    month: 3,
    amount: 3000,
    paused_until: resumesAt,
  });
  subscriptionChanged('resumed in month 4', startOf(4), { status: 'active', month: 4, amount: 3000 });
  const month4 = chargeOf(4, 3000, startOf(4) + 2 * HOUR);
  invoicePaid(4, month4, startOf(4) + 2 * HOUR + 60);
  subscriptionChanged('month 5', startOf(5), { status: 'active', month: 5, amount: 3000 });
  const month5 = chargeOf(5, 3000, startOf(5) + 2 * HOUR);
  invoicePaid(5, month5, startOf(5) + 2 * HOUR + 60);

  // Disputes: month 0's is lost, month 1's is won.
  disputed(month0, [
    ['charge.dispute.created', startOf(0) + 40 * DAY, 'needs_response'],
    ['charge.dispute.updated', startOf(0) + 47 * DAY, 'under_review'],
    ['charge.dispute.closed', startOf(0) + 78 * DAY, 'lost'],
  ]);
  disputed(month1, [
    ['charge.dispute.created', startOf(1) + 20 * DAY, 'needs_response'],
    ['charge.dispute.closed', startOf(1) + 50 * DAY, 'won'],
    ['charge.dispute.funds_reinstated', startOf(1) + 50 * DAY + 60, 'won'],
  ]);

  // Refunds: €10 of month 2; month 4 €5, then in full.
  refunded(month2, startOf(2) + 21 * DAY, 1000);
  refunded(month4, startOf(4) + 5 * DAY, 500);
  refunded(month4, startOf(4) + 10 * DAY, 3000);

  // ---------------------------------------------------------------------------------------------------------------
  // REFUND FAILURES (`refund.failed`): add their steps here once the ledger handles them. A refund that fails gives
  // the money back to the charge: push `{ at, amountRefunded: <the lower amount> }` onto the charge's `refunds` (so
  // Stripe's lookups show it from then on) and add the event with `happened(label, at, 'refund.failed', refund)`,
  // `refund` shaped as Stripe's Refund object (status 'failed', failure_reason, charge, payment_intent, amount),
  // e.g. a failed €5 refund of month 5 some days after it was asked for. Then extend the expectations in the first
  // test below; the property compares whatever the story holds.
  // ---------------------------------------------------------------------------------------------------------------

  events.sort((a, b) => a.event.created - b.event.created);
  const seconds = new Set(events.map(({ event }) => event.created));
  if (seconds.size !== events.length) throw new Error('two events of the story share a second: give them their own');
  subscriptions.sort((a, b) => a.at - b.at);

  return {
    gift,
    events,
    invoices,
    stripeAsOf(stripe, at) {
      for (const [id, label] of invoices) {
        const month = Number(label.slice('month '.length));
        const attempts = charges.filter((made) => made.month === month && made.charge.created <= at);
        stripe.invoicePayments.set(
          id,
          attempts.map((made) => gift.invoicePayment(id, chargeAsOf(made, at))),
        );
      }
      for (const made of charges) {
        const dispute = made.disputeSteps.filter((step) => step.at <= at).at(-1)?.dispute;
        if (dispute) stripe.disputes.set(made.charge.id, dispute as Record<string, unknown>);
        else stripe.disputes.delete(made.charge.id);
      }
      const subscription = subscriptions.filter((changed) => changed.at <= at).at(-1);
      if (subscription) stripe.subscriptions.set(gift.subscription, subscription.object);
      else stripe.subscriptions.delete(gift.subscription);
    },
  };
}

/** The events' labels in the order they happened (the same for every gift of this file). */
const LABELS = storyOf(new HalfYearOldGift('labels', 'cs_labels', 2500)).events.map(({ label }) => label);

/**
 * When the ledger asks Stripe how an invoice was paid (and, for two subscription events of one second, what the
 * subscription is now), Stripe answers with its state at that moment: `as they arrive`, that of the newest event
 * delivered so far (deliveries late, but as soon as they can be); `after the whole story`, the final one (all late).
 */
type StripeClock = 'as they arrive' | 'after the whole story';

/** An order of delivery of the story's events (their labels), and when Stripe answers the ledger's lookups. */
interface Delivery {
  labels: string[];
  stripe: StripeClock;
}

/**
 * Every event once, shuffled (a random key per event; shrinking the keys to 0 walks back towards the order they
 * happened in), and some of them again at random places.
 */
const deliveries: fc.Arbitrary<Delivery> = fc
  .record({
    keys: fc.array(fc.noBias(fc.nat({ max: 1_000_000 })), { minLength: LABELS.length, maxLength: LABELS.length }),
    repeats: fc.array(
      fc.record({ event: fc.nat({ max: LABELS.length - 1 }), at: fc.nat({ max: LABELS.length + MAX_REPEATS }) }),
      { maxLength: MAX_REPEATS },
    ),
    stripe: fc.constantFrom<StripeClock>('after the whole story', 'as they arrive'),
  })
  .map(({ keys, repeats, stripe }) => {
    const order = LABELS.map((_, index) => index).sort((a, b) => keys[a] - keys[b] || a - b);
    for (const repeat of repeats) order.splice(Math.min(repeat.at, order.length), 0, repeat.event);
    return { labels: order.map((index) => LABELS[index]), stripe };
  });

/** The story in the order it happened, but for the event `late`, delivered after all others (Stripe retried it). */
const deliveredLast = (late: string): Delivery => ({
  labels: [...LABELS.filter((label) => label !== late), late],
  stripe: 'after the whole story',
});

describe('the donation ledger: the same events in any order and any repetition end in the same donation', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.close());

  let donors = 0;
  /** A new donation of €25 started through the real endpoint, and its story; `email` is the donor's address. */
  async function newStory(): Promise<Story & { email: string }> {
    donors += 1;
    const email = `property-${donors}@example.org`;
    const started = await startDonation(stack, { email, amount: 25 });
    const gift = new HalfYearOldGift(started.donationId, started.sessionId, started.amountCents, started.product);
    return { ...storyOf(gift), email };
  }

  /**
   * Delivers the events with these labels in this order, each answered 200: processed the first time, then duplicate.
   * Before each delivery the stand-in is set to answer as `stripe` says.
   */
  async function deliver(story: Story, { labels, stripe }: Delivery) {
    const seen = new Set<string>();
    let stripeTime = stripe === 'as they arrive' ? 0 : Number.POSITIVE_INFINITY;
    for (const label of labels) {
      const { event } = story.events.find((candidate) => candidate.label === label)!;
      stripeTime = Math.max(stripeTime, event.created);
      story.stripeAsOf(stack.stripe, stripeTime);
      const [status, outcome] = await deliverOutcome(stack.url, event);
      expect([label, status, outcome]).toEqual([label, 200, seen.has(event.id) ? 'duplicate' : 'processed']);
      seen.add(event.id);
    }
  }

  /**
   * What a donor and staff see of the gift: the donation, its payments by month, and its yearly statements as they
   * would be sent (StatementsService, dry run: docs/product.md §7.9 counts what is still paid, less refunds).
   */
  async function outcomeOf(story: Story & { email: string }) {
    const { donation, payments } = await storedDonation(stack, story.gift.donationId);
    const date = (value: Date | null) => value?.toISOString() ?? null;
    const statements: Record<number, { payments: number; totalCents: number } | null> = {};
    const thisYear = new Date().getUTCFullYear();
    for (let year = new Date(STORY_START * 1000).getUTCFullYear(); year <= thisYear; year += 1) {
      const [plan] = await stack.app.get(StatementsService).queueStatements({ year, email: story.email, dryRun: true });
      statements[year] = plan ? { payments: plan.payments, totalCents: plan.totalCents } : null;
    }
    return {
      donation: {
        status: donation.status,
        amountCents: donation.amountCents,
        periodEnd: date(donation.periodEnd),
        startedAt: date(donation.startedAt),
        nextPaymentAt: date(donation.nextPaymentAt),
        collectionPaused: donation.collectionPaused,
        pauseResumesAt: date(donation.pauseResumesAt),
        failedAttempts: donation.failedAttempts,
        cancelAtPeriodEnd: donation.cancelAtPeriodEnd,
        cancelledAt: date(donation.cancelledAt),
        paymentMethodType: donation.paymentMethodType,
      },
      payments: payments.map((payment) => ({
        invoice: story.invoices.get(String(payment.stripeInvoiceId)),
        status: payment.status,
        amountCents: payment.amountCents,
        refundedCents: payment.refundedCents,
        disputeStatus: payment.disputeStatus,
        paidAt: date(payment.paidAt),
        attemptCount: payment.attemptCount,
      })),
      statements,
    };
  }

  /** The donor emails asked for (each reached the SMTP server once), with the gift's and invoices' ids as names. */
  async function emailsOf(story: Story): Promise<string[]> {
    const keys = await donorEmailsAskedFor(stack, story.gift.donationId);
    return keys
      .map((key) => {
        const [kind, id] = key.split(':');
        return `${kind}:${id === story.gift.donationId ? 'the gift' : (story.invoices.get(id) ?? id)}`;
      })
      .sort();
  }

  const at = (seconds: number) => new Date(seconds * 1000).toISOString();
  let expected: { outcome: Awaited<ReturnType<typeof outcomeOf>>; emails: string[] } | undefined;

  /** The gift's events delivered once, in the order they happened, with Stripe answering as it stood at each. */
  async function inTheOrderTheyHappened() {
    if (expected) return expected;
    const story = await newStory();
    await deliver(story, { labels: LABELS, stripe: 'as they arrive' });
    expected = { outcome: await outcomeOf(story), emails: await emailsOf(story) };
    return expected;
  }

  it('delivered once in the order they happened, the events end where donor and staff expect', async () => {
    const { outcome, emails } = await inTheOrderTheyHappened();
    const startOf = (month: number) => STORY_START + month * MONTH;
    expect(outcome.donation).toEqual({
      status: 'active',
      amountCents: 3000,
      periodEnd: at(startOf(6)),
      startedAt: at(startOf(0) + 30),
      nextPaymentAt: at(startOf(6)),
      collectionPaused: false,
      pauseResumesAt: null,
      failedAttempts: 0,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      paymentMethodType: 'card',
    });
    const payment = (invoice: string, status: string, amountCents: number, paidAt: number) => ({
      invoice,
      status,
      amountCents,
      paidAt: at(paidAt),
    });
    expect(outcome.payments).toEqual([
      {
        ...payment('month 0', 'disputed', 2500, startOf(0) + 30),
        refundedCents: 0,
        disputeStatus: 'lost',
        attemptCount: 1,
      },
      {
        ...payment('month 1', 'paid', 2500, startOf(1) + 2 * HOUR),
        refundedCents: 0,
        disputeStatus: 'won',
        attemptCount: 1,
      },
      {
        ...payment('month 2', 'paid', 2500, startOf(2) + 3 * DAY),
        refundedCents: 1000,
        disputeStatus: null,
        attemptCount: 2,
      },
      {
        ...payment('month 4', 'refunded', 3000, startOf(4) + 2 * HOUR),
        refundedCents: 3000,
        disputeStatus: null,
        attemptCount: 1,
      },
      {
        ...payment('month 5', 'paid', 3000, startOf(5) + 2 * HOUR),
        refundedCents: 0,
        disputeStatus: null,
        attemptCount: 1,
      },
    ]);
    // The statements count month 1 (its dispute won), month 2 less its refund and month 5: €70 in three payments.
    const years = Object.values(outcome.statements).filter((year) => year !== null);
    expect(years.reduce((sum, year) => sum + year.payments, 0)).toBe(3);
    expect(years.reduce((sum, year) => sum + year.totalCents, 0)).toBe(2500 + 1500 + 3000);
    expect(emails).toEqual(['payment_failed:month 2', 'welcome:the gift']);
  });

  it(
    'delivered in any order, some twice, with Stripe answering as it stands then, they end the same',
    async () => {
      const reference = await inTheOrderTheyHappened();
      let runs = 0;
      /** One order, checked: its own donation ends as the reference did. */
      async function endsTheSame(delivery: Delivery) {
        runs += 1;
        const story = await newStory();
        await deliver(story, delivery);
        expect({ delivery, outcome: await outcomeOf(story) }).toEqual({ delivery, outcome: reference.outcome });
        // docs/product.md §4.2: one welcome; the payment-failed email only when month 2's failure is recorded before
        // its payment (a failure arriving after the invoice was paid asks for none); never a cancellation.
        const { labels } = delivery;
        // Nor when a later month's invoice was recorded first: the failure is old news by then.
        const failedAt = labels.indexOf('invoice of month 2 failed');
        const failedFirst = ['invoice of month 2 paid', 'invoice of month 4 paid', 'invoice of month 5 paid'].every(
          (label) => failedAt < labels.indexOf(label),
        );
        expect({ delivery, emails: await emailsOf(story) }).toEqual({
          delivery,
          emails: reference.emails.filter((email) => failedFirst || email !== 'payment_failed:month 2'),
        });
      }
      // The time limit below stops waiting for a run, not the run: the last one is awaited before the stack closes.
      let running: Promise<void> = Promise.resolve();
      await fc
        .assert(
          fc.asyncProperty(deliveries, (delivery) => (running = endsTheSame(delivery))),
          {
            numRuns: RUNS,
            // Tried first, every time: a month's invoice.paid delivered last, after its dispute's events (Stripe
            // retried it). These once ended differently: the dispute's events found no payment and were lost; now the
            // invoice's lookup reads the charge's dispute from Stripe.
            examples: [[deliveredLast('invoice of month 1 paid')], [deliveredLast('invoice of month 0 paid')]],
            // A slow machine tries fewer orders (at least MIN_RUNS, below) rather than overrunning; a failure found in
            // time is shrunk until the limit and reported.
            plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)],
          },
        )
        .finally(() => running.catch(() => undefined));
      expect(runs).toBeGreaterThanOrEqual(MIN_RUNS);
    },
    TIME_LIMIT_MS + 30_000,
  );
});
