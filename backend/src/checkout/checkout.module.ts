import { Module } from '@nestjs/common';
import { CheckoutRateLimitGuard } from './checkout-rate-limit.guard';
import { CheckoutWebhookController } from './checkout-webhook.controller';
import { CheckoutWebhookService } from './checkout-webhook.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { DonationLedgerModule } from './donation-ledger.module';

/** Monthly donations over HTTP: starting a Stripe Checkout session, and the webhook that feeds the ledger. */
@Module({
  imports: [DonationLedgerModule],
  controllers: [CheckoutController, CheckoutWebhookController],
  providers: [CheckoutService, CheckoutWebhookService, CheckoutRateLimitGuard],
})
export class CheckoutModule {}
