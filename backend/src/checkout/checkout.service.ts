import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DEFAULT_LANGUAGE, DONATE_TURNSTILE_ACTION, ROUTES, type Language } from '@stichting/contracts';
import Stripe from 'stripe';
import { ApiError } from '../common/api-error';
import { formatCents } from '../common/money';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { StripeClient } from '../stripe/stripe.client';
import { TurnstileService } from '../turnstile/turnstile.service';
import type { DonationIntent } from '../generated/prisma/client';
import type { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';

/** Name of the monthly product on the Checkout page and the donor's invoices, in the page's language. */
const MONTHLY_DONATION_PRODUCT: Record<Language, string> = {
  nl: 'Maandelijkse donatie',
  en: 'Monthly donation',
  es: 'Donación mensual',
};

/**
 * What the donor reads after "Error processing donation: …" (docs/product.md §8), so no final full stop: the page adds
 * ". Please try again later.". Stripe's own wording stays in the intent's last_error and the log.
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
 * Starts a monthly donation (docs/product.md §4, §7): the intent is stored first, so every attempt is on record, then a
 * Stripe Checkout Session in subscription mode is created with the intent id as idempotency key.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly stripe: StripeClient,
    private readonly turnstile: TurnstileService,
  ) {}

  /** Validated input (DTO) -> bot check (403) -> intent stored (503 if PostgreSQL is down) -> Stripe (502). */
  async createCheckoutSession(dto: CreateCheckoutSessionDto, remoteIp: string): Promise<CheckoutSessionCreated> {
    await this.turnstile.verifyOrThrow(dto.turnstileToken, remoteIp, DONATE_TURNSTILE_ACTION);
    const language = dto.language ?? DEFAULT_LANGUAGE;
    const intent = await this.prisma.donationIntent.create({
      data: {
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
        status: 'pending',
      },
    });

    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.createCheckoutSession(this.sessionParams(intent, language), intent.id);
    } catch (error) {
      throw await this.fail(intent.id, error);
    }
    if (!session.url) throw await this.fail(intent.id, new Error(`session ${session.id} has no url`), 'noUrl');

    try {
      await this.prisma.donationIntent.update({
        where: { id: intent.id },
        data: { status: 'open', stripeSessionId: session.id },
      });
    } catch (error) {
      // The session exists and carries intent_id in its metadata, so the webhook still finds this intent:
      // better to let the donor pay than to throw away a working checkout page.
      this.logger.error(
        { intentId: intent.id, err: (error as Error).message },
        'could not save the checkout session id',
      );
    }
    return { url: session.url };
  }

  private sessionParams(intent: DonationIntent, language: Language): Stripe.Checkout.SessionCreateParams {
    const metadata: Record<string, string> = { intent_id: intent.id, language };
    if (intent.source) metadata.source = intent.source;
    if (intent.referral !== null) metadata.referral = intent.referral ? 'yes' : 'no';
    const base = this.config.publicBaseUrl;
    return {
      mode: 'subscription',
      currency: 'eur',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: intent.amountCents,
            recurring: { interval: 'month' },
            product_data: { name: MONTHLY_DONATION_PRODUCT[language] },
          },
        },
      ],
      customer_email: intent.email,
      locale: language,
      metadata,
      subscription_data: { metadata },
      success_url: `${base}${ROUTES.thankYou[language]}?amount=${formatCents(intent.amountCents, 'short')}`,
      cancel_url: `${base}${ROUTES.donationCancelled[language]}`,
    };
  }

  /** Marks the intent failed with Stripe's reason and returns the 502 to throw. */
  private async fail(intentId: string, error: unknown, kind?: keyof typeof CHECKOUT_ERRORS): Promise<ApiError> {
    const reason = describeStripeError(error);
    const outcome = kind ?? (error instanceof Stripe.errors.StripeConnectionError ? 'unreachable' : 'refused');
    this.logger.error({ intentId, reason }, 'checkout session could not be created');
    try {
      await this.prisma.donationIntent.update({
        where: { id: intentId },
        data: { status: 'failed', lastError: reason.slice(0, 1000) },
      });
    } catch (updateError) {
      this.logger.error({ intentId, err: (updateError as Error).message }, 'could not mark the intent failed');
    }
    return new ApiError(HttpStatus.BAD_GATEWAY, CHECKOUT_ERRORS[outcome]);
  }
}

function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    const parts = [error.type, error.statusCode, error.code, error.message].filter((part) => part !== undefined);
    return parts.join(': ');
  }
  return error instanceof Error ? error.message : String(error);
}
