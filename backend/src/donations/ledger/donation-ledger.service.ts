import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DonationPaymentsRepository } from '../../database/donation-payments.repository';
import { DonationsRepository } from '../../database/donations.repository';
import { PeriodicAgreementsRepository } from '../../database/periodic-agreements.repository';
import { PrismaService } from '../../database/prisma.service';
import { StripeEventsRepository } from '../../database/stripe-events.repository';
import { DonorEmailOutbox } from '../../donor-email/donor-email.outbox';
import { StripeClient, STRIPE_API_VERSION, type InvoicePaymentDetails } from '../../stripe/stripe.client';
import { chargeEvents } from './charge.events';
import { checkoutSessionEvents } from './checkout-session.events';
import { invoiceEvents } from './invoice.events';
import { mandateEvents } from './mandate.events';
import type { ReplacedGift, TermEnd } from './agreement-follows-gift';
import { LedgerBook, type EventFamily, type EventOf, type Lookups } from './ledger-book';
import { subscriptionEvents } from './subscription.events';

/**
 * The event families the ledger applies, one file each (docs/architecture.md §3.5); every other event type is
 * acknowledged and ignored.
 */
const FAMILIES = [checkoutSessionEvents, invoiceEvents, subscriptionEvents, chargeEvents, mandateEvents] as const;

type HandledEventType = (typeof FAMILIES)[number]['types'][number];
type HandledEvent = EventOf<HandledEventType>;

/** The Stripe events that change the ledger: the webhook endpoint must send these, reconciliation reads these. */
export const HANDLED_EVENT_TYPES: readonly HandledEventType[] = FAMILIES.flatMap((family) => family.types);

export type LedgerOutcome = 'processed' | 'duplicate' | 'ignored';

/** What recording an event did: its outcome, and one line per change (for the log and `npm run donations`). */
export interface LedgerResult {
  outcome: LedgerOutcome;
  changes: string[];
}

/** Whether the event's payload has the shapes this build reads (docs/architecture.md §9.9). */
export function isReadableApiVersion(event: Stripe.Event): boolean {
  return event.api_version === STRIPE_API_VERSION;
}

export function isHandledEvent(event: Stripe.Event): event is HandledEvent {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(event.type);
}

/**
 * The family that handles `event`. Its `types` name the event's type, so the family's handlers take this event; the
 * cast only tells TypeScript what that lookup proved.
 */
function familyOf(event: HandledEvent): EventFamily<HandledEventType> {
  const family = FAMILIES.find((candidate) => (candidate.types as readonly string[]).includes(event.type));
  if (!family) throw new Error(`no ledger family for ${event.type}`);
  return family as unknown as EventFamily<HandledEventType>;
}

/** Thrown to roll a dry run's transaction back once its changes are known. */
class DryRun extends Error {
  constructor(readonly changes: string[]) {
    super('dry run');
  }
}

/**
 * The donation ledger (docs/product.md §4.2, docs/architecture.md §3.5): applies one Stripe event to the donations and
 * their payments, for the webhook and for reconciliation alike. Each event is recorded in stripe_events in the same
 * transaction as its effect, so an event is applied once however often it arrives, and a failed effect leaves no
 * ledger row behind. The donation's row is locked while an event is applied, so events about one donation apply one
 * after another. Order does not matter: an event sets facts (each once, or only when newer), and the donation's
 * status and other fields are derived from all facts and payments every time (donation-state.ts, ledger-book.ts).
 */
@Injectable()
export class DonationLedger {
  private readonly logger = new Logger(DonationLedger.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly stripe: StripeClient,
    private readonly events: StripeEventsRepository,
    private readonly donations: DonationsRepository,
    private readonly payments: DonationPaymentsRepository,
    private readonly outbox: DonorEmailOutbox,
    private readonly agreements: PeriodicAgreementsRepository,
  ) {}

  /**
   * Applies `event` unless it was applied before. The caller checked its signature (webhook) or read it from Stripe
   * (reconciliation), and its API version. With `dryRun` the changes are worked out and rolled back.
   */
  async record(event: Stripe.Event, options: { dryRun?: boolean } = {}): Promise<LedgerResult> {
    if (!isHandledEvent(event)) return { outcome: 'ignored', changes: [] };
    if (await this.events.isRecorded(event.id)) return { outcome: 'duplicate', changes: [] };
    const family = familyOf(event);
    // A field missing, an amount below zero or another currency (event-checks.ts): recorded with that line as the
    // one change, so the event changes nothing, is never retried, and never answers 500.
    const refused = family.check(event);
    if (refused) this.logger.warn({ eventId: event.id, type: event.type, reason: refused }, 'stripe event refused');
    // What the family needs to know of Stripe's current state, asked before the transaction opens.
    const found = refused ? null : await this.lookUp(family, event);
    try {
      let replaced: ReplacedGift[] = [];
      let termEnds: TermEnd[] = [];
      const result: LedgerResult = await this.prisma.$transaction(async (tx) => {
        if (!(await this.events.claim(event.id, event.type, tx))) return { outcome: 'duplicate' as const, changes: [] };
        const book = new LedgerBook(tx, this.donations, this.payments, this.outbox, this.agreements);
        const changes = found ? await family.apply(book, event, found) : [refused ?? 'refused'];
        await this.events.markProcessed(event.id, tx);
        if (options.dryRun) throw new DryRun(changes);
        replaced = book.replacedGifts;
        termEnds = book.termEnds;
        return { outcome: 'processed', changes };
      });
      for (const gift of replaced) result.changes.push(await this.stopReplacedGift(gift));
      for (const term of termEnds) result.changes.push(await this.endAtTermEnd(term));
      return result;
    } catch (error) {
      if (error instanceof DryRun) return { outcome: 'processed', changes: error.changes };
      throw error;
    }
  }

  /**
   * docs/product.md §4.9: the monthly gift a periodieke gift replaces stops once the periodic gift's first debit is
   * paid: cancelled at Stripe at once, after the commit that recorded the payment; the subscription's own events then
   * record its end. A cancellation that fails is asked for again by the next event about the periodic gift.
   */
  private async stopReplacedGift(gift: ReplacedGift): Promise<string> {
    try {
      await this.stripe.cancelSubscription(gift.subscriptionId);
      this.logger.log({ donationId: gift.donationId }, 'replaced monthly gift cancelled at Stripe');
      return `donation ${gift.donationId.slice(0, 8)}: cancelled at Stripe (replaced by a periodic gift)`;
    } catch (error) {
      const { type, statusCode, code } = error as { type?: string; statusCode?: number; code?: string };
      this.logger.warn(
        { donationId: gift.donationId, type, statusCode, code },
        'replaced monthly gift: Stripe refused the cancellation; the next event about the periodic gift asks again',
      );
      return `donation ${gift.donationId.slice(0, 8)}: cancellation at Stripe failed (${code ?? statusCode ?? type})`;
    }
  }

  /**
   * docs/product.md §4.9: a periodic gift's subscription ends when its term is over (`cancel_at`, no proration), set
   * after the commit that recorded its Checkout (or its first debit). A refusal is logged; the first debit's event
   * asks again.
   */
  private async endAtTermEnd(term: TermEnd): Promise<string> {
    const day = term.endsAt.toISOString();
    try {
      await this.stripe.endSubscriptionAt(term.subscriptionId, term.endsAt);
      this.logger.log({ donationId: term.donationId, endsAt: day }, 'periodic gift: subscription ends with its term');
      return `donation ${term.donationId.slice(0, 8)}: ends at Stripe at ${day} (the end of its term)`;
    } catch (error) {
      const { type, statusCode, code } = error as { type?: string; statusCode?: number; code?: string };
      this.logger.warn(
        { donationId: term.donationId, type, statusCode, code },
        'periodic gift: Stripe refused the end of the term; the first debit asks again',
      );
      return `donation ${term.donationId.slice(0, 8)}: end of term at Stripe failed (${code ?? statusCode ?? type})`;
    }
  }

  /** Stripe's current state, as far as the event's family needs it (ledger-book.ts `Lookups`). */
  private async lookUp(family: EventFamily<HandledEventType>, event: HandledEvent): Promise<Lookups> {
    return {
      details: await this.lookUpPayment(family, event),
      current: await this.currentSubscriptionIfAmbiguous(family, event),
      refunds: await this.lookUpRefunds(family, event),
      customerId: await this.lookUpCustomer(family, event),
    };
  }

  /** The refunds Stripe lists now for a charge of one of our payments; null for other events and other charges. */
  private async lookUpRefunds(
    family: EventFamily<HandledEventType>,
    event: HandledEvent,
  ): Promise<Stripe.Refund[] | null> {
    const wanted = family.chargeToLookUp?.(event);
    if (!wanted?.chargeId && !wanted?.paymentIntentId) return null;
    const payment = await this.payments.findByCharge(wanted.chargeId, wanted.paymentIntentId, this.prisma);
    const chargeId = wanted.chargeId ?? payment?.stripeChargeId;
    return payment && chargeId ? this.stripe.chargeRefunds(chargeId) : null;
  }

  /** The customer of the payment method the event names, when it is the customer of one of our donations. */
  private async lookUpCustomer(family: EventFamily<HandledEventType>, event: HandledEvent): Promise<string | null> {
    const paymentMethodId = family.paymentMethodToLookUp?.(event);
    return paymentMethodId ? this.stripe.customerOfPaymentMethod(paymentMethodId) : null;
  }

  /** The invoice payment behind an event of one of our donations, where its family needs it; null otherwise. */
  private async lookUpPayment(
    family: EventFamily<HandledEventType>,
    event: HandledEvent,
  ): Promise<InvoicePaymentDetails | null> {
    const wanted = family.invoiceToLookUp?.(event);
    if (!wanted?.invoiceId || !(await this.donations.findIdByKeys(wanted.keys))) return null;
    return this.stripe.invoicePaymentDetails(wanted.invoiceId);
  }

  /**
   * Stripe's events carry their time in whole seconds, so two about one subscription in the same second cannot be
   * ordered (an amount changed twice in a second arrives in any order). Then the subscription as Stripe has it now
   * decides; otherwise nothing is asked. The same event delivered twice at once is no tie (its second copy ends as a
   * duplicate), and when Stripe cannot be asked the event's own snapshot applies as it did before, with a warning.
   */
  private async currentSubscriptionIfAmbiguous(
    family: EventFamily<HandledEventType>,
    event: HandledEvent,
  ): Promise<Stripe.Subscription | null> {
    const subscriptionId = family.subscriptionOf?.(event);
    if (!subscriptionId) return null;
    const donationId = await this.donations.findIdByKeys({ subscriptionId });
    const donation = donationId ? await this.donations.findById(donationId) : null;
    const appliedAt = donation?.subscriptionEventAt?.getTime();
    if (appliedAt === undefined || appliedAt !== event.created * 1000) return null;
    if (await this.events.isRecorded(event.id)) return null;
    try {
      return await this.stripe.retrieveSubscription(subscriptionId);
    } catch (error) {
      const { type, statusCode } = error as { type?: string; statusCode?: number };
      this.logger.warn(
        { eventId: event.id, subscriptionId, type, statusCode },
        "subscription events of the same second: Stripe's current subscription could not be read; the event's own applies",
      );
      return null;
    }
  }
}
