import { Module } from '@nestjs/common';
import { DonorOutboxModule } from '../donor-mail/donor-outbox.module';
import { DonorMailService } from '../donor-mail/donor-mail.service';
import { DONATION_NOTIFIER } from './donation-events';
import { DonationLedger } from './donation-ledger.service';
import { DonationReconciliation } from './donation-reconciliation.service';

/**
 * The donation ledger and its reconciliation with Stripe, without HTTP: used by the webhook (CheckoutModule), the daily
 * job (DonationReconciliationModule) and `npm run donations`. Needs PrismaService and StripeClient (global modules).
 * The emails the ledger decides go through the donor email outbox (docs/architecture.md §4.7).
 */
@Module({
  imports: [DonorOutboxModule],
  providers: [DonationLedger, DonationReconciliation, { provide: DONATION_NOTIFIER, useExisting: DonorMailService }],
  exports: [DonationLedger, DonationReconciliation],
})
export class DonationLedgerModule {}
