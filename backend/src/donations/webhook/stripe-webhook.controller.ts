import { Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientAddress, PostRateLimit } from '../../rate-limit/rate-limit.guard';
import { StripeWebhookService, type WebhookOutcome } from './stripe-webhook.service';

@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  /**
   * Stripe's deliveries come from a handful of Stripe addresses in bursts: the per-IP POST limit would turn a
   * busy day into 429s and retries, and the signature already keeps strangers out. Only refused deliveries are
   * limited per address (WEBHOOK_REJECTIONS_PER_MINUTE), which keeps a flood of forgeries out of the logs.
   * The body is the raw Buffer (app.factory.ts), because the signature covers the exact bytes.
   */
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @PostRateLimit(false)
  receive(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    return this.webhooks.handle(request.body, signature, clientAddress(request));
  }
}
