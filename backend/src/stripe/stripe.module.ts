import { Global, Module } from '@nestjs/common';
import { StripeClient } from './stripe.client';

/** Stripe as infrastructure: the SDK client, configured once. Donation logic lives in the checkout module. */
@Global()
@Module({ providers: [StripeClient], exports: [StripeClient] })
export class StripeModule {}
