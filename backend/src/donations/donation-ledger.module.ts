import { Module } from '@nestjs/common';
import { DonorEmailOutboxModule } from '../donor-email/donor-email-outbox.module';
import { DonationLedger } from './ledger/donation-ledger.service';
import { DonationObjectReconciliation } from './reconciliation/donation-object-reconciliation.service';
import { DonationReconciliation } from './reconciliation/donation-reconciliation.service';

/**
 * The donation ledger and its reconciliation with Stripe, without HTTP: used by the webhook (DonationsModule), the
 * daily job and `npm run donations`. Needs PrismaService, the repositories and StripeClient (global modules). The
 * emails the ledger decides go through the donor email outbox (docs/architecture.md §4.7).
 */
@Module({
  imports: [DonorEmailOutboxModule],
  providers: [DonationLedger, DonationReconciliation, DonationObjectReconciliation],
  exports: [DonationLedger, DonationReconciliation, DonationObjectReconciliation],
})
export class DonationLedgerModule {}
