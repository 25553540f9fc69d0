import { Module } from '@nestjs/common';
import { MailRecoveryService } from './mail-recovery.service';
import { MailTransport } from './mail.transport';
import { SubmissionEmailJob } from './submission-email.job';

/**
 * Submission emails: the pg-boss queue and its worker (started when `config.runWorker`, and always by
 * `npm run worker`), the pooled SMTP transport, and the recovery operations for staff tooling.
 */
@Module({
  providers: [MailTransport, SubmissionEmailJob, MailRecoveryService],
  exports: [SubmissionEmailJob, MailRecoveryService],
})
export class MailModule {}
