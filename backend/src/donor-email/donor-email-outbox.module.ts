import { Module } from '@nestjs/common';
import { DonorEmailOutbox } from './donor-email.outbox';
import { StatementCorrections } from './statement-corrections';

/**
 * The donor email outbox alone (docs/architecture.md §4.7): what the donation ledger needs to queue an email, in the
 * web process, the worker and a staff command (`npm run donations -- reconcile`) alike. Sending is DonorEmailModule's,
 * which needs the web settings (SMTP, sender, site address) that a staff command does not have.
 */
@Module({ providers: [DonorEmailOutbox, StatementCorrections], exports: [DonorEmailOutbox] })
export class DonorEmailOutboxModule {}
