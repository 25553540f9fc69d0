import { Controller, Headers, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from '../../common/api-error';
import { clientAddress, PostRateLimit } from '../../rate-limit/rate-limit.guard';
import { StripeWebhookService, type WebhookOutcome } from './stripe-webhook.service';

@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  /**
   * Stripe's deliveries come from a handful of Stripe addresses in bursts: the per-IP POST limit would turn a
   * busy day into 429s and retries, and the signature already keeps strangers out. Only refused deliveries are
   * limited per address (WEBHOOK_REJECTIONS_PER_MINUTE), which keeps a flood of forgeries out of the logs.
   * The body is the raw Buffer (app.factory.ts), because the signature covers the exact bytes. While the webhook is
   * off (no signing secret of its own) every delivery is answered 503, and Stripe keeps retrying it.
   */
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @PostRateLimit(false)
  async receive(
    @Req() request: Request,
    @Res() response: Response<{ received: true; outcome: WebhookOutcome } | ApiErrorBody>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<void> {
    if (this.webhooks.isOff) {
      response.status(HttpStatus.SERVICE_UNAVAILABLE).json(this.webhooks.refuseOff());
      return;
    }
    response.status(HttpStatus.OK).json(await this.webhooks.handle(request.body, signature, clientAddress(request)));
  }
}
