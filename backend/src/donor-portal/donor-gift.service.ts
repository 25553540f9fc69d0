import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  GIFT_STATUSES,
  GIFT_STOP_REASONS,
  isLanguage,
  PERIODIC_STOP_REASONS,
  ROUTES,
  type DonorGift,
  type DonorGiftRefusal,
  type DonorLinkProblem,
  type GiftPauseMonths,
  type GiftStatus,
  type GiftStopReason,
  type Language,
  type PeriodicEndClause,
  type PeriodicGiftTerms,
  type PeriodicStopReason,
} from '@stichting/contracts';
import { isDatabaseUnavailable } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { dutchYearStart, DonationPaymentsRepository } from '../database/donation-payments.repository';
import { DonationsRepository } from '../database/donations.repository';
import { PeriodicAgreementsRepository } from '../database/periodic-agreements.repository';
import { PrismaService } from '../database/prisma.service';
import { DonorEmailOutbox } from '../donor-email/donor-email.outbox';
import { DonorLinks } from '../donor-email/donor-links';
import type { Donation, PeriodicAgreement } from '../generated/prisma/client';
import { AgreementEmailOutbox } from '../periodic-gift/agreement-email.outbox';
import { StripeClient } from '../stripe/stripe.client';

/** A token or gift the page cannot use: `problem` names the notice shown above the "send me a link" form. */
export class GiftRefusedError extends HttpException {
  constructor(status: HttpStatus, error: string, problem?: DonorLinkProblem) {
    const body: DonorGiftRefusal = { success: false, error, ...(problem ? { problem } : {}) };
    super(body, status);
  }
}

const REFUSALS: Record<DonorLinkProblem, () => GiftRefusedError> = {
  expired: () => new GiftRefusedError(HttpStatus.FORBIDDEN, 'This link has expired.', 'expired'),
  invalid: () => new GiftRefusedError(HttpStatus.FORBIDDEN, 'This link does not work.', 'invalid'),
  unavailable: () =>
    new GiftRefusedError(
      HttpStatus.SERVICE_UNAVAILABLE,
      'Your gift could not be reached just now. Please try again in a few minutes.',
      'unavailable',
    ),
};

/** An action that does not fit where the gift stands (resume a gift that is not paused, change a stopped one). */
const NOT_NOW = () => new GiftRefusedError(HttpStatus.CONFLICT, 'This change is not possible for your gift right now.');

/**
 * docs/product.md §4.9: a periodieke gift is fixed and even, so its amount is never changed and it is never paused;
 * the page does not offer either, and a call that asks anyway is refused with this.
 */
const FIXED = () =>
  new GiftRefusedError(
    HttpStatus.CONFLICT,
    'This gift is a periodic gift with a fixed yearly amount agreed in writing: its amount cannot be changed and it cannot be paused.',
  );

/** The stop reason does not fit the gift: a periodic gift's stop needs one of its own reasons, an ordinary one never. */
const WRONG_REASON = (periodic: boolean) =>
  new GiftRefusedError(
    HttpStatus.BAD_REQUEST,
    periodic
      ? `Please say why you stop your periodic gift: one of ${PERIODIC_STOP_REASONS.join(', ')}.`
      : `Choose one of: ${GIFT_STOP_REASONS.join(', ')}.`,
  );

const isPeriodicReason = (reason: string | undefined): reason is PeriodicStopReason =>
  (PERIODIC_STOP_REASONS as readonly (string | undefined)[]).includes(reason);
const isOrdinaryReason = (reason: string | undefined): reason is GiftStopReason =>
  (GIFT_STOP_REASONS as readonly (string | undefined)[]).includes(reason);

/** The agreement's optional end clauses, in the contract's names. */
function endClausesOf(agreement: PeriodicAgreement): PeriodicEndClause[] {
  const clauses: Array<[PeriodicEndClause, boolean]> = [
    ['jobLoss', agreement.endsOnJobLoss],
    ['disability', agreement.endsOnDisability],
    ['anbiLoss', agreement.endsOnAnbiLoss],
  ];
  return clauses.filter(([, agreed]) => agreed).map(([clause]) => clause);
}

/** docs/product.md §7.10: what the page shows of the periodieke gift a monthly gift pays. */
export function periodicTerms(agreement: PeriodicAgreement): PeriodicGiftTerms {
  return {
    transactionNumber: agreement.transactionNumber,
    firstYear: agreement.firstYear,
    lastYear: agreement.termYears === null ? null : agreement.firstYear + agreement.termYears - 1,
    endClauses: endClausesOf(agreement),
    stoppedAt: agreement.stoppedAt?.toISOString() ?? null,
  };
}

/** Gift statuses in which Stripe still collects (or will again): every action but "resume" needs one. */
const RUNNING: ReadonlySet<GiftStatus> = new Set(['pending', 'active', 'past_due', 'paused']);

const isGiftStatus = (status: string): status is GiftStatus => (GIFT_STATUSES as readonly string[]).includes(status);

/** The calendar year it is now in the Netherlands. */
function dutchYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(now));
}

/** The same day `months` calendar months later (the 31st becomes the month's last day). */
export function monthsLater(from: Date, months: number): Date {
  const result = new Date(from);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

type GiftOnRecord = Donation & { language: Language; stripeSubscriptionId: string; stripeCustomerId: string };

/**
 * The donor's own page (docs/product.md §7.10). Reading shows the gift as the ledger has it; each action is one call
 * to Stripe, and the ledger changes only when Stripe's webhook events about it arrive (Stripe stays the source of
 * truth), so the page re-reads the gift after an action. The token names the gift; nothing else is trusted.
 */
@Injectable()
export class DonorGiftService {
  private readonly logger = new Logger(DonorGiftService.name);

  constructor(
    private readonly links: DonorLinks,
    private readonly donations: DonationsRepository,
    private readonly payments: DonationPaymentsRepository,
    private readonly stripe: StripeClient,
    private readonly outbox: DonorEmailOutbox,
    private readonly prisma: PrismaService,
    private readonly agreements: PeriodicAgreementsRepository,
    private readonly agreementEmails: AgreementEmailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(token: string, now = new Date()): Promise<DonorGift> {
    const gift = await this.giftOf(token);
    const since = dutchYearStart(dutchYear(now) - 1);
    const payments = await this.payments.ofDonation(gift.id, this.prisma).catch(unavailable);
    const agreement = await this.agreementOf(gift);
    const status = gift.status as GiftStatus;
    return {
      language: gift.language,
      amountCents: gift.amountCents,
      status,
      startedAt: gift.startedAt?.toISOString() ?? null,
      pausedUntil: status === 'paused' ? (gift.pauseResumesAt?.toISOString() ?? null) : null,
      paymentMethodType: gift.paymentMethodType,
      nextPaymentAt: status === 'paused' || status === 'cancelled' ? null : (gift.nextPaymentAt?.toISOString() ?? null),
      payments: payments
        .map((payment) => ({ ...payment, date: payment.paidAt ?? payment.invoiceCreatedAt }))
        .filter((payment) => payment.date >= since)
        .sort((a, b) => b.date.getTime() - a.date.getTime())
        .map((payment) => ({
          date: payment.date.toISOString(),
          amountCents: payment.amountCents,
          status: payment.status,
        })),
      periodic: agreement ? periodicTerms(agreement) : null,
    };
  }

  /**
   * docs/product.md §7.10: a new monthly amount (within §9.2's limits, checked by the DTO) from the next debit on; no
   * charge today. The donor gets a confirmation email with the old and the new amount.
   */
  async changeAmount(token: string, amountCents: number): Promise<void> {
    const gift = await this.runningGift(token);
    if (gift.periodicAgreementId) throw FIXED();
    await this.callStripe(gift, 'amount', () =>
      this.stripe.changeSubscriptionAmount(gift.stripeSubscriptionId, amountCents),
    );
    if (amountCents === gift.amountCents) return;
    await this.prisma
      .$transaction((tx) =>
        this.outbox.queueInTransaction(tx, {
          donationId: gift.id,
          kind: 'amount_changed',
          onceKey: `amount_changed:${gift.id}:${randomUUID()}`,
          amounts: { previousCents: gift.amountCents, newCents: amountCents },
        }),
      )
      // Stripe has the new amount; a confirmation that cannot be queued is no reason to tell the donor it failed.
      .catch((error: unknown) =>
        this.logger.warn({ donationId: gift.id, error: (error as Error).name }, 'gift page: amount email not queued'),
      );
  }

  /** No debits for `months` months from today (a pause already set is replaced), then Stripe resumes by itself. */
  async pause(token: string, months: GiftPauseMonths, now = new Date()): Promise<void> {
    const gift = await this.runningGift(token);
    if (gift.periodicAgreementId) throw FIXED();
    if (gift.status === 'pending' || gift.status === 'past_due') throw NOT_NOW();
    const resumesAt = monthsLater(now, months);
    await this.callStripe(gift, 'pause', () => this.stripe.pauseSubscription(gift.stripeSubscriptionId, resumesAt));
  }

  async resume(token: string): Promise<void> {
    const gift = await this.giftOf(token);
    if (gift.status !== 'paused') throw NOT_NOW();
    await this.callStripe(gift, 'resume', () => this.stripe.resumeSubscription(gift.stripeSubscriptionId));
  }

  /**
   * Stops the gift at once; the reason, when given, is kept for staff (the donations export's stop_reason). A periodic
   * gift's stop needs its reason (docs/product.md §7.10): it is kept on the agreement with the time, and staff are told
   * by email with the transaction number, in one transaction after Stripe accepted the stop.
   */
  async stop(token: string, reason: GiftStopReason | PeriodicStopReason | undefined): Promise<void> {
    const gift = await this.runningGift(token);
    const periodic = gift.periodicAgreementId !== null;
    if (periodic ? !isPeriodicReason(reason) : reason !== undefined && !isOrdinaryReason(reason)) {
      throw WRONG_REASON(periodic);
    }
    await this.callStripe(gift, 'stop', () => this.stripe.cancelSubscription(gift.stripeSubscriptionId));
    if (!reason) return;
    const stored = gift.periodicAgreementId
      ? this.recordPeriodicStop(gift.periodicAgreementId, reason)
      : this.donations.update(gift.id, { stopReason: reason });
    await stored.catch((error: unknown) =>
      this.logger.warn({ donationId: gift.id, error: (error as Error).name }, 'gift page: stop reason not stored'),
    );
  }

  /**
   * The donor stopped the periodic gift: reason and time on the agreement, and the staff email, in one transaction.
   * The ledger may have recorded the gift's end already (Stripe's event can beat this write): then the agreement,
   * ended a moment ago, was stopped by the donor.
   */
  private async recordPeriodicStop(agreementId: string, reason: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const agreement = await this.agreements.lock(agreementId, tx);
      if (!agreement || agreement.stoppedAt) return;
      await this.agreements.update(
        agreementId,
        { stopReason: reason, stoppedAt: new Date(), ...(agreement.status === 'ended' ? { status: 'stopped' } : {}) },
        tx,
      );
      await this.agreementEmails.queueInTransaction(tx, agreementId, 'stopped', 'staff');
    });
  }

  private async agreementOf(gift: Donation): Promise<PeriodicAgreement | null> {
    if (!gift.periodicAgreementId) return null;
    return this.agreements.findById(gift.periodicAgreementId).catch(unavailable);
  }

  /**
   * A Stripe customer-portal session that can only replace the payment method (docs/product.md §7.10), back to this
   * page afterwards; the token travels in the fragment again so the page can show the gift.
   */
  async paymentMethodSession(token: string): Promise<string> {
    const gift = await this.runningGift(token);
    const page = `${this.config.site.publicBaseUrl}${ROUTES.manageDonation[gift.language]}`;
    const session = await this.callStripe(gift, 'payment-method', () =>
      this.stripe.paymentMethodUpdateSession({
        customer: gift.stripeCustomerId,
        locale: gift.language,
        returnUrl: page,
        ...(this.config.stripe.portalConfigurationId
          ? { configuration: this.config.stripe.portalConfigurationId }
          : {}),
      }),
    );
    return session.url;
  }

  private async runningGift(token: string): Promise<GiftOnRecord> {
    const gift = await this.giftOf(token);
    if (!RUNNING.has(gift.status as GiftStatus)) throw NOT_NOW();
    return gift;
  }

  /** The monthly gift a token names: signed, not expired, at Stripe with a subscription, not erased. */
  private async giftOf(token: string): Promise<GiftOnRecord> {
    const check = this.links.verify(token);
    if ('problem' in check) throw REFUSALS[check.problem]();
    const donation = await this.donations.findById(check.donationId).catch(unavailable);
    if (
      !donation ||
      donation.erasedAt ||
      !donation.stripeCustomerId ||
      !donation.stripeSubscriptionId ||
      !isGiftStatus(donation.status)
    ) {
      throw REFUSALS.invalid();
    }
    const language = isLanguage(donation.language) ? donation.language : 'nl';
    return {
      ...donation,
      language,
      stripeSubscriptionId: donation.stripeSubscriptionId,
      stripeCustomerId: donation.stripeCustomerId,
    };
  }

  /** One call to Stripe; whatever Stripe answers wrong, the donor reads "try again later", never Stripe's error. */
  private async callStripe<T>(gift: GiftOnRecord, action: string, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.logger.log({ donationId: gift.id, action }, 'gift page: Stripe accepted the change');
      return result;
    } catch (error) {
      const { type, statusCode, code } = error as { type?: string; statusCode?: number; code?: string };
      this.logger.warn({ donationId: gift.id, action, type, statusCode, code }, 'gift page: Stripe refused the change');
      throw REFUSALS.unavailable();
    }
  }
}

function unavailable(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw REFUSALS.unavailable();
  throw error;
}
