import { Global, Module } from '@nestjs/common';
import { StripeSetupCheck, StripeSetupStartCheck } from './stripe-setup-check';
import { StripeClient } from './stripe.client';

/**
 * Stripe as infrastructure: the SDK client, configured once, and the check of the account's settings the site relies
 * on (run once when the web process starts; docs/stripe-setup.md §2). Donation logic lives in the checkout module.
 */
@Global()
@Module({
  providers: [StripeClient, StripeSetupCheck, StripeSetupStartCheck],
  exports: [StripeClient, StripeSetupCheck],
})
export class StripeModule {}
