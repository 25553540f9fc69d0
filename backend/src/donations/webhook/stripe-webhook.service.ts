import { type HttpException, HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import Stripe from 'stripe';
import { ApiError, type ApiErrorBody, TooManyRequestsError } from '../../common/api-error';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MetricsService } from '../../metrics/metrics.service';
import { RateLimiter } from '../../rate-limit/rate-limiter';
import { StripeClient, STRIPE_API_VERSION } from '../../stripe/stripe.client';
import { DonationLedger, isReadableApiVersion, type LedgerOutcome } from '../ledger/donation-ledger.service';

export type WebhookOutcome = LedgerOutcome;

/**
 * Refused deliveries (bad, stale or missing signature) one address may cause per minute, each logged as one short
 * line; past it the address hears 429 until the minute is over, and the log gets one line saying so instead of one
 * per request. Stripe's own deliveries are signed and never count.
 */
export const WEBHOOK_REJECTIONS_PER_MINUTE = 10;

/** While the webhook is off, a delivery is logged at most this often (each one still counts in the metrics). */
export const WEBHOOK_OFF_LOG_INTERVAL_MS = 60_000;

/** The answer to every delivery while the webhook is off. */
export const WEBHOOK_OFF_MESSAGE = 'The Stripe webhook is not configured on this site.';

/** The reason codes of `{"event":"stripe_webhook_rejected","reason":…}` log lines. */
type RejectionReason =
  | 'missing_body'
  | 'missing_signature'
  | 'bad_signature'
  | 'stale_signature'
  | 'rate_limited'
  | 'api_version'
  | 'webhook_off';

/** The route the refusals are counted on. */
const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Stripe's webhook deliveries (docs/architecture.md §3.5): checks the signature and the API version the event was
 * rendered in, then hands the event to the donation ledger, which applies it once.
 *
 * Without a signing secret of its own (STRIPE_WEBHOOK_SECRET unset, or a placeholder published with the code, which
 * anyone could sign with) the webhook is off: every delivery is answered 503 and nothing is verified or stored; the
 * start says so once, and the daily reconciliation still applies Stripe's events (docs/stripe-setup.md §4).
 */
@Injectable()
export class StripeWebhookService implements OnModuleInit {
  private readonly logger = new Logger(StripeWebhookService.name);
  /** When a delivery to the switched-off webhook was last logged (0: never). */
  private offLoggedAt = 0;

  constructor(
    private readonly ledger: DonationLedger,
    private readonly stripe: StripeClient,
    private readonly rateLimits: RateLimiter,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const reason = this.config.stripe.webhookOff;
    if (reason === undefined) return;
    this.logger.warn(
      { event: 'stripe_webhook_off', reason },
      `stripe webhook is off: ${reason}; ${WEBHOOK_PATH} answers 503 until STRIPE_WEBHOOK_SECRET is the endpoint's signing secret (docs/stripe-setup.md §2)`,
    );
  }

  /** `client` is the sender's address (rate-limit.guard.ts clientAddress), which refusals are counted against. */
  async handle(
    rawBody: unknown,
    signature: string | undefined,
    client: string,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const event = await this.verify(rawBody, signature, client);
    if (!isReadableApiVersion(event)) {
      // Signed by Stripe, so not counted against the sender: the endpoint is set to another API version, whose
      // shapes this build does not read. 400 keeps the event at Stripe, which retries it once the endpoint is fixed.
      this.metrics.webhookEvent(event.type, 'rejected');
      this.logger.warn(
        {
          event: 'stripe_webhook_rejected',
          reason: 'api_version' satisfies RejectionReason,
          apiVersion: event.api_version,
        },
        `stripe webhook rejected: the endpoint sends API version ${event.api_version}, this build reads ${STRIPE_API_VERSION}`,
      );
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        `This endpoint reads Stripe API version ${STRIPE_API_VERSION}; set the webhook endpoint to it.`,
      );
    }
    let result;
    try {
      result = await this.ledger.record(event);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      // Looking up the invoice's payment failed: Stripe retries the delivery later.
      this.logger.error(
        { eventId: event.id, type: event.type, err: error.message },
        'stripe lookup for an event failed',
      );
      throw new ApiError(HttpStatus.BAD_GATEWAY, 'The payment provider could not be reached');
    }
    const { outcome, changes } = result;
    this.logger.log({ eventId: event.id, type: event.type, outcome, changes }, 'stripe event');
    this.metrics.webhookEvent(event.type, outcome);
    return { received: true, outcome };
  }

  /** Bad, missing or stale signature (older than the tolerance): 400 (429 past the limit) and nothing stored. */
  private async verify(rawBody: unknown, signature: string | undefined, client: string): Promise<Stripe.Event> {
    if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) {
      throw await this.refuse(client, 'missing_body', 'The webhook body is missing.');
    }
    if (!signature) throw await this.refuse(client, 'missing_signature', 'The Stripe-Signature header is missing.');
    let reason: RejectionReason;
    try {
      return this.stripe.constructWebhookEvent(rawBody, signature);
    } catch (error) {
      // The SDK's message is a paragraph of advice (about 500 bytes): the log gets a reason code instead.
      reason = /tolerance/i.test((error as Error).message) ? 'stale_signature' : 'bad_signature';
    }
    throw await this.refuse(client, reason, 'The Stripe signature could not be verified.');
  }

  /** True while the webhook is off (no signing secret of its own): every delivery is answered with `refuseOff`. */
  get isOff(): boolean {
    return this.config.stripe.webhookSecret === undefined;
  }

  /**
   * A delivery while the webhook is off: counted, logged at most once a minute, and the body of the 503 answer
   * (the site's error shape). Answered by the controller rather than thrown, so the exception filter does not log
   * each one as a failed request.
   */
  refuseOff(): ApiErrorBody {
    this.metrics.webhookEvent(undefined, 'rejected');
    const now = Date.now();
    if (now - this.offLoggedAt >= WEBHOOK_OFF_LOG_INTERVAL_MS) {
      this.offLoggedAt = now;
      this.logRejection('webhook_off');
    }
    return { success: false, error: WEBHOOK_OFF_MESSAGE };
  }

  /** Counts a refusal against the client's budget and logs it (once at most, past the budget). */
  private async refuse(client: string, reason: RejectionReason, message: string): Promise<HttpException> {
    this.metrics.webhookEvent(undefined, 'rejected');
    const { isBlocked, refusals } = await this.rateLimits.hit(
      'webhook_rejections',
      WEBHOOK_PATH,
      client,
      WEBHOOK_REJECTIONS_PER_MINUTE,
    );
    if (!isBlocked) {
      this.logRejection(reason);
      return new ApiError(HttpStatus.BAD_REQUEST, message);
    }
    if (refusals === 1) this.logRejection('rate_limited');
    return new TooManyRequestsError();
  }

  private logRejection(reason: RejectionReason): void {
    this.logger.warn({ event: 'stripe_webhook_rejected', reason }, 'stripe webhook rejected');
  }
}
