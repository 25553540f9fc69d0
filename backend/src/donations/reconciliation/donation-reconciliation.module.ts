import { Module } from '@nestjs/common';
import { DonationLedgerModule } from '../donation-ledger.module';
import { DonationReconciliationJob } from './donation-reconciliation.job';

/** The daily reconciliation job, for the web process and `npm run worker` (docs/architecture.md §3.7). */
@Module({ imports: [DonationLedgerModule], providers: [DonationReconciliationJob] })
export class DonationReconciliationModule {}
