import { Module } from '@nestjs/common';
import { DONATION_NOTIFIER } from './donation-events';
import { DonationLedger } from './donation-ledger.service';
import { DonationReconciliation } from './donation-reconciliation.service';
import { PendingDonationNotifier } from './notifier.pending';

/**
 * The donation ledger and its reconciliation with Stripe, without HTTP: used by the webhook (CheckoutModule), the daily
 * job (DonationReconciliationModule) and `npm run donations`. Needs PrismaService and StripeClient (global modules).
 */
@Module({
  providers: [
    DonationLedger,
    DonationReconciliation,
    // TEMPORARY until the donor emails module provides DONATION_NOTIFIER (see notifier.pending.ts).
    { provide: DONATION_NOTIFIER, useClass: PendingDonationNotifier },
  ],
  exports: [DonationLedger, DonationReconciliation],
})
export class DonationLedgerModule {}
