import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  DONATE_TURNSTILE_ACTION,
  ROUTES,
  type DonationFrequency,
  type Language,
} from '@stichting/contracts';
import Stripe from 'stripe';
import { ApiError } from '../../common/api-error';
import { formatCents } from '../../common/money';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { DonationsRepository } from '../../database/donations.repository';
import { ProductReactivationError, StripeClient } from '../../stripe/stripe.client';
import { TurnstileService } from '../../turnstile/turnstile.service';
import type { Donation } from '../../generated/prisma/client';
import { DonationStatus } from '../donation-state';
import type { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';

/**
 * Name of the one product every monthly gift is a price of, when the app creates it (docs/architecture.md §9.9): on
 * the Checkout page and the donor's invoices. Dutch, the foundation's language; staff may rename it in the Dashboard.
 */
export const DONATION_PRODUCT_NAME = 'Maandelijkse donatie';

/**
 * The product every one-off gift is a price of (docs/product.md §4.1), made by the app like the monthly one, so the
 * Checkout page and the receipt do not call a one-off gift monthly. Fixed: only one-off gifts use it.
 */
export const ONE_OFF_DONATION_PRODUCT = { id: 'one_off_donation', name: 'Eenmalige donatie' } as const;

/**
 * What the donor reads after "Error processing donation: …" (docs/product.md §8), so no final full stop: the page adds
 * ". Please try again later.". Stripe's own wording stays in the donation's last_error and the log.
 */
export const CHECKOUT_ERRORS = {
  unreachable: 'The payment provider could not be reached',
  refused: 'The payment provider could not start the checkout',
  noUrl: 'The payment provider did not return a checkout page',
} as const;

export interface CheckoutSessionCreated {
  url: string;
}

/**
 * Starts a donation (docs/product.md §4, §7): the donation is stored first (open), so every attempt is on record, then
 * a Stripe Checkout Session is created with the donation id as idempotency key: in subscription mode for a monthly
 * gift, in payment mode for a one-off gift (docs/product.md §4.1).
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);
  /** Each donation product is looked up (or created) once per process, when the first donor starts Checkout. */
  private readonly products = new Map<DonationFrequency, Promise<string>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly donations: DonationsRepository,
    private readonly stripe: StripeClient,
    private readonly turnstile: TurnstileService,
  ) {}

  /** Validated input (DTO) -> bot check (403) -> donation stored (503 if PostgreSQL is down) -> Stripe (502). */
  async createCheckoutSession(dto: CreateCheckoutSessionDto, remoteIp: string): Promise<CheckoutSessionCreated> {
    await this.turnstile.verifyOrThrow(dto.turnstileToken, remoteIp, DONATE_TURNSTILE_ACTION);
    const language = dto.language ?? DEFAULT_LANGUAGE;
    const frequency = dto.frequency ?? 'monthly';
    const donation = await this.donations.create({
      frequency,
      amountCents: Math.round(dto.amount * 100),
      currency: 'eur',
      name: dto.name ?? null,
      email: dto.email,
      message: dto.message ?? null,
      source: dto.source ?? null,
      // docs/product.md §4: platform only exists for social media; a referrer only when the donor said yes (or did not say).
      platform: dto.source === 'social_media' ? (dto.platform ?? null) : null,
      referral: dto.referral ?? null,
      referrerName: dto.referral === false ? null : (dto.referrerName ?? null),
      referrerEmail: dto.referral === false ? null : (dto.referrerEmail ?? null),
      language,
      status: DonationStatus.open,
    });

    return this.openSession(donation, language, donation.id);
  }

  /**
   * docs/product.md §4.9: the monthly debits of a signed periodieke gift, for a donation its caller stored (open, with
   * the agreement's amount): a subscription Checkout like any monthly gift's, its metadata also naming the agreement.
   * `idempotencyKey` is the attempt's own, so a donor who left an earlier Checkout page unused can start again.
   */
  createAgreementSession(
    donation: Donation,
    language: Language,
    metadata: Record<string, string>,
    idempotencyKey: string,
  ): Promise<CheckoutSessionCreated> {
    return this.openSession(donation, language, idempotencyKey, metadata);
  }

  /** The Stripe Checkout Session of a stored donation (502 and the donation failed when Stripe refuses). */
  private async openSession(
    donation: Donation,
    language: Language,
    idempotencyKey: string,
    extraMetadata: Record<string, string> = {},
  ): Promise<CheckoutSessionCreated> {
    const frequency = donation.frequency;
    let session: Stripe.Checkout.Session;
    try {
      const product = await this.donationProduct(frequency);
      const params =
        frequency === 'once'
          ? this.oneOffSessionParams(donation, language, product)
          : this.sessionParams(donation, language, product, extraMetadata);
      session = await this.stripe.createCheckoutSession(params, idempotencyKey);
    } catch (error) {
      throw await this.fail(donation.id, error);
    }
    if (!session.url) throw await this.fail(donation.id, new Error(`session ${session.id} has no url`), 'noUrl');

    try {
      await this.donations.update(donation.id, { stripeSessionId: session.id });
    } catch (error) {
      // The session exists and carries donation_id in its metadata, so the webhook still finds this donation:
      // better to let the donor pay than to throw away a working checkout page.
      this.logger.error(
        { donationId: donation.id, err: (error as Error).message },
        'could not save the checkout session id',
      );
    }
    return { url: session.url };
  }

  /**
   * The product's id, after making sure it exists in Stripe and is active (once per process; tried again after a
   * failure). An archived product is made active again, with one warning; when Stripe refuses that, the error line
   * says what to do in the Dashboard (docs/stripe-setup.md §2) and the donor gets the usual 502.
   */
  private donationProduct(frequency: DonationFrequency): Promise<string> {
    const cached = this.products.get(frequency);
    if (cached) return cached;
    const { id, name } =
      frequency === 'once'
        ? ONE_OFF_DONATION_PRODUCT
        : { id: this.config.stripe.donationProductId, name: DONATION_PRODUCT_NAME };
    const product = this.stripe.ensureProduct(id, name).then(
      (state) => {
        if (state === 'reactivated') {
          this.logger.warn(
            { productId: id },
            `the donation product ${id} was archived in Stripe (every checkout would fail) and has been made active ` +
              'again; leave it active in the Dashboard (docs/stripe-setup.md §2)',
          );
        }
        return id;
      },
      (error: unknown) => {
        this.products.delete(frequency);
        if (error instanceof ProductReactivationError) this.logger.error({ productId: id }, error.message);
        throw error;
      },
    );
    this.products.set(frequency, product);
    return product;
  }

  /**
   * docs/architecture.md §9.9: no list of payment methods. Checkout offers what the Dashboard has switched on for
   * subscriptions in euro (iDEAL, whose first payment sets up SEPA Direct Debit for the following months, SEPA Direct
   * Debit, cards), so a method that is renamed, replaced or added needs no code change.
   */
  private sessionParams(
    donation: Donation,
    language: Language,
    product: string,
    extraMetadata: Record<string, string> = {},
  ): Stripe.Checkout.SessionCreateParams {
    const metadata = { ...sessionMetadata(donation, language), ...extraMetadata };
    const base = this.config.site.publicBaseUrl;
    return {
      mode: 'subscription',
      currency: 'eur',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: donation.amountCents,
            recurring: { interval: 'month' },
            product,
          },
        },
      ],
      customer_email: donation.email,
      locale: language,
      metadata,
      subscription_data: { metadata },
      success_url: `${base}${ROUTES.thankYou[language]}?amount=${formatCents(donation.amountCents, 'short')}`,
      cancel_url: `${base}${ROUTES.donationCancelled[language]}`,
    };
  }

  /**
   * docs/product.md §4.1: one payment of the amount, with the same dynamic payment methods as a monthly gift (what the
   * Dashboard has switched on for one payment in euro: iDEAL | Wero, Bancontact, cards, …; docs/architecture.md §9.9).
   * The donation id is on the session and on the PaymentIntent, which refunds and disputes name. The thank-you page
   * gets no amount: its amount sentence speaks of a monthly gift (docs/product.md §2.8).
   */
  private oneOffSessionParams(
    donation: Donation,
    language: Language,
    product: string,
  ): Stripe.Checkout.SessionCreateParams {
    const metadata = { ...sessionMetadata(donation, language), frequency: 'once' };
    const base = this.config.site.publicBaseUrl;
    return {
      mode: 'payment',
      submit_type: 'donate',
      currency: 'eur',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: donation.amountCents, product } }],
      customer_email: donation.email,
      locale: language,
      metadata,
      payment_intent_data: { metadata },
      success_url: `${base}${ROUTES.thankYou[language]}`,
      cancel_url: `${base}${ROUTES.donationCancelled[language]}`,
    };
  }

  /** Marks the donation failed with Stripe's reason and returns the 502 to throw. */
  private async fail(donationId: string, error: unknown, kind?: keyof typeof CHECKOUT_ERRORS): Promise<ApiError> {
    const reason = describeStripeError(error);
    const outcome = kind ?? (error instanceof Stripe.errors.StripeConnectionError ? 'unreachable' : 'refused');
    this.logger.error({ donationId, reason }, 'checkout session could not be created');
    try {
      await this.donations.update(donationId, {
        status: DonationStatus.failed,
        failedAt: new Date(),
        lastError: reason.slice(0, 1000),
      });
    } catch (updateError) {
      this.logger.error({ donationId, err: (updateError as Error).message }, 'could not mark the donation failed');
    }
    return new ApiError(HttpStatus.BAD_GATEWAY, CHECKOUT_ERRORS[outcome]);
  }
}

/** What Stripe keeps of a donation: our id (the ledger finds the donation by it), the language, where the donor came from. */
function sessionMetadata(donation: Donation, language: Language): Record<string, string> {
  const metadata: Record<string, string> = { donation_id: donation.id, language };
  if (donation.source) metadata.source = donation.source;
  if (donation.referral !== null) metadata.referral = donation.referral ? 'yes' : 'no';
  return metadata;
}

function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    const parts = [error.type, error.statusCode, error.code, error.message].filter((part) => part !== undefined);
    return parts.join(': ');
  }
  return error instanceof Error ? error.message : String(error);
}
