import type Stripe from 'stripe';
import type { Db } from '../../database/prisma.service';
import type { DonationPaymentsRepository } from '../../database/donation-payments.repository';
import type { DonationKeys, DonationsRepository, DonationWithPayments } from '../../database/donations.repository';
import type { PeriodicAgreementsRepository } from '../../database/periodic-agreements.repository';
import type { DonorEmailOutbox, DonorEmailRequest } from '../../donor-email/donor-email.outbox';
import type { InvoicePaymentDetails } from '../../stripe/stripe.client';
import { deriveDonation, DonationStatus } from '../donation-state';
import { followAgreement, type ReplacedGift, type TermEnd } from './agreement-follows-gift';
import { describeDonation, short } from './describe-changes';
import type { DonationFactUpdate } from './stripe-facts';

/**
 * The one way every event family changes the ledger, inside the transaction that records the event
 * (donation-ledger.service.ts): find and lock the donation, then `settle` the facts the event brought.
 */
export class LedgerBook {
  /** Monthly gifts a periodieke gift replaces, to cancel at Stripe once this transaction has committed. */
  readonly replacedGifts: ReplacedGift[] = [];
  /** Periodic gifts' subscriptions to end at Stripe when their term is over, once this transaction has committed. */
  readonly termEnds: TermEnd[] = [];

  constructor(
    readonly tx: Db,
    readonly donations: DonationsRepository,
    readonly payments: DonationPaymentsRepository,
    private readonly outbox: DonorEmailOutbox,
    readonly agreements: PeriodicAgreementsRepository,
  ) {}

  /** Finds the donation and locks its row until the transaction ends, so events about it apply one at a time. */
  async lockDonation(keys: DonationKeys): Promise<DonationWithPayments | null> {
    const id = await this.donations.findIdByKeys(keys, this.tx);
    return id ? this.donations.lockWithPayments(id, this.tx) : null;
  }

  /**
   * Writes `facts`, derives the status and the fields that follow (donation-state.ts) from them and the payments as
   * they are now, asks for the donor's emails (docs/product.md §4.2) and describes what changed: welcome when the
   * first payment succeeded, cancelled when the gift ended, and the `emails` the event asked for (payment failed or to
   * be confirmed, "did you mean to stop?"), none of them for a gift that has already ended (its events came out of
   * order), and no "did you mean to stop?" for a gift the donor already stopped.
   */
  async settle(
    before: DonationWithPayments,
    facts: DonationFactUpdate,
    notes: string[],
    emails: LedgerEmail[] = [],
  ): Promise<string[]> {
    const payments = await this.payments.ofDonation(before.id, this.tx);
    const { hasPaid, ...derived } = deriveDonation({ ...before, ...facts }, payments);
    const hadPaid = deriveDonation(before, before.payments).hasPaid;
    const after = await this.donations.update(before.id, { ...facts, ...derived }, this.tx);
    const changes = [...notes, ...describeDonation(before, after)];
    const donationId = before.id;
    const over = after.status === DonationStatus.cancelled || after.status === DonationStatus.failed;
    if (hasPaid && !hadPaid && !over) {
      await this.queueEmail(changes, { donationId, kind: 'welcome', onceKey: `welcome:${donationId}` });
    }
    for (const email of emails) {
      if (after.status === DonationStatus.cancelled) continue;
      if (email.kind === 'stop_check' && (over || after.cancelAtPeriodEnd)) continue;
      await this.queueEmail(changes, { donationId, ...email });
    }
    if (after.status === DonationStatus.cancelled && before.status !== DonationStatus.cancelled) {
      await this.queueEmail(changes, { donationId, kind: 'cancelled', onceKey: `cancelled:${donationId}` });
    }
    // docs/product.md §7.9: a year's total changed after its statement went out: one corrected statement.
    changes.push(...(await this.outbox.queueStatementCorrections(this.tx, after, before.payments, payments)));
    // docs/product.md §4.9: the agreement a periodic gift pays follows it; the gift it replaces stops once it is paid.
    const checkoutJustCompleted = !before.checkoutCompletedAt && Boolean(after.checkoutCompletedAt);
    const agreement = await followAgreement(this.tx, this, after, { hasPaid, checkoutJustCompleted });
    changes.push(...agreement.changes);
    if (agreement.replaced) this.replacedGifts.push(agreement.replaced);
    if (agreement.termEnd) this.termEnds.push(agreement.termEnd);
    return changes;
  }

  /** Queues the email in this transaction: it exists if and only if the change commits (docs/architecture.md §4.1). */
  private async queueEmail(changes: string[], request: DonorEmailRequest): Promise<void> {
    await this.outbox.queueInTransaction(this.tx, request);
    changes.push(`donation ${short(request.donationId)}: ${request.kind} email queued`);
  }
}

/** An email an event asks for; its once key makes a repeat of the decision a no-op (docs/architecture.md §4.7). */
export type LedgerEmail =
  | { kind: 'payment_failed' | 'payment_action_required'; onceKey: string; invoiceId: string }
  | { kind: 'stop_check'; onceKey: string };

/** An event of one of `Types`. */
export type EventOf<Types extends Stripe.Event['type']> = Extract<Stripe.Event, { type: Types }>;

/**
 * What the ledger asked Stripe before the transaction opened, for the families that need it: how an invoice was paid
 * (`details`), the subscription as it is now when its events' order is ambiguous (`current`), the refunds of a charge
 * as Stripe lists them now (`refunds`), and the customer a payment method belongs to (`customerId`).
 */
export interface Lookups {
  details: InvoicePaymentDetails | null;
  current: Stripe.Subscription | null;
  refunds: Stripe.Refund[] | null;
  customerId: string | null;
}

/**
 * The events of one family (Checkout session, invoice, subscription, charge, mandate) and how they change the ledger.
 * A family whose effect depends on Stripe's current state names what to read, and the ledger asks Stripe before the
 * transaction opens (`Lookups`).
 */
export interface EventFamily<Types extends Stripe.Event['type']> {
  readonly types: readonly Types[];
  /**
   * The first problem with the fields `apply` reads (event-checks.ts): a line saying the event is left out or
   * refused, and then it changes nothing; null when it can be applied.
   */
  check(event: EventOf<Types>): string | null;
  invoiceToLookUp?(event: EventOf<Types>): { invoiceId: string | null; keys: DonationKeys } | null;
  /**
   * The subscription whose current state decides when its events' order is ambiguous (one second apart or less);
   * the ledger reads it from Stripe then and hands it to `apply` as `current`.
   */
  subscriptionOf?(event: EventOf<Types>): string;
  /** The charge whose refunds Stripe should list now (a refund can fail after it was reported). */
  chargeToLookUp?(event: EventOf<Types>): { chargeId: string | null; paymentIntentId: string | null };
  /** The payment method whose customer the event is about (a SEPA mandate names only its payment method). */
  paymentMethodToLookUp?(event: EventOf<Types>): string | null;
  apply(book: LedgerBook, event: EventOf<Types>, found: Lookups): Promise<string[]>;
}

/** The instant an event happened at Stripe. */
export const eventTime = (event: Stripe.Event): Date => new Date(event.created * 1000);
