import { Module } from '@nestjs/common';
import { CheckoutRateLimitGuard } from './checkout-rate-limit.guard';
import { CheckoutWebhookController } from './checkout-webhook.controller';
import { CheckoutWebhookService } from './checkout-webhook.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';

/** Monthly donations: Stripe Checkout sessions and the webhook that reconciles them. */
@Module({
  controllers: [CheckoutController, CheckoutWebhookController],
  providers: [CheckoutService, CheckoutWebhookService, CheckoutRateLimitGuard],
})
export class CheckoutModule {}
