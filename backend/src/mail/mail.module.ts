import { Module } from '@nestjs/common';
import { StaffLinksModule } from '../staff-actions/staff-links.module';
import { MailRecoveryService } from './mail-recovery.service';
import { MailStatusService } from './mail-status.service';
import { MailTransport } from './mail.transport';
import { SubmissionEmailJob } from './submission-email.job';

/**
 * Submission emails: the pg-boss queue and its worker (started when `config.runWorker`, and always by
 * `npm run worker`), the pooled SMTP transport, and the status and recovery operations for staff.
 */
@Module({
  imports: [StaffLinksModule],
  providers: [MailTransport, SubmissionEmailJob, MailStatusService, MailRecoveryService],
  exports: [SubmissionEmailJob, MailStatusService, MailRecoveryService, MailTransport],
})
export class MailModule {}
