import { Module } from '@nestjs/common';
import { DonorMailService } from './donor-mail.service';

/**
 * The donor email outbox alone (docs/architecture.md §4.7): what the donation ledger needs to queue an email, in the
 * web process, the worker and a staff command (`npm run donations -- reconcile`) alike. Sending is DonorMailModule's,
 * which needs the web settings (SMTP, sender, site address) that a staff command does not have.
 */
@Module({ providers: [DonorMailService], exports: [DonorMailService] })
export class DonorOutboxModule {}
