import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { DonorEmailComposer } from './donor-email.composer';
import { DonorEmailJob } from './donor-email.job';
import { DonorLinks } from './donor-links';
import { DonorEmailOutboxModule } from './donor-email-outbox.module';
import { ManageLinkRequestJob } from './manage-link-request.job';
import { StatementsJob } from './statements.job';
import { StatementsService } from './statements.service';

/**
 * Emails to donors (docs/architecture.md §4.7): the outbox (DonorEmailOutbox, used by the donation ledger in the
 * transaction that decides an email) and its worker, which sends through the form emails' SMTP transport with their
 * retry policy.
 */
@Module({
  imports: [MailModule, DonorEmailOutboxModule],
  providers: [DonorEmailJob, DonorEmailComposer, DonorLinks, ManageLinkRequestJob, StatementsService, StatementsJob],
  exports: [DonorEmailOutboxModule, DonorLinks],
})
export class DonorEmailModule {}
