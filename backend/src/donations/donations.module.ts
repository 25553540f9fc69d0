import { Module } from '@nestjs/common';
import { CheckoutRateLimitGuard } from './checkout/checkout-rate-limit.guard';
import { StripeWebhookController } from './webhook/stripe-webhook.controller';
import { StripeWebhookService } from './webhook/stripe-webhook.service';
import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import { DonationLedgerModule } from './donation-ledger.module';

/** Monthly donations over HTTP: starting a Stripe Checkout session, and the webhook that feeds the ledger. */
@Module({
  imports: [DonationLedgerModule],
  controllers: [CheckoutController, StripeWebhookController],
  providers: [CheckoutService, StripeWebhookService, CheckoutRateLimitGuard],
  /** The periodieke gift starts its monthly debits through the same Checkout (docs/product.md §4.9). */
  exports: [CheckoutService],
})
export class DonationsModule {}
