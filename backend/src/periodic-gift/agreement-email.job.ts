import { Injectable, Logger } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { PrismaService } from '../database/prisma.service';
import { deliverOutboxEmail } from '../mail/email-delivery';
import { MailTransport } from '../mail/mail.transport';
import type { JobHandler } from '../queue/job-definition';
import { AgreementEmailComposer } from './agreement-email.composer';

/** The job of one agreement email (queue/jobs.ts `agreement-email`): the row holds what to send. */
export interface AgreementEmailJobData {
  agreementEmailId: string;
}

/**
 * Sends agreement emails (docs/product.md §7.12) with the donor emails' retry policy, dead letters and transport: the
 * row is claimed (not yet sent), composed, sent, and marked sent as soon as SMTP accepts it.
 */
@Injectable()
export class AgreementEmailJob implements JobHandler<AgreementEmailJobData> {
  private readonly logger = new Logger(AgreementEmailJob.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly transport: MailTransport,
    private readonly composer: AgreementEmailComposer,
  ) {}

  handle(jobs: JobWithMetadata<AgreementEmailJobData>[]): Promise<JobResult[]> {
    return Promise.all(jobs.map((job) => this.deliver(job)));
  }

  /** One attempt; never throws: the result tells pg-boss to complete, retry or dead-letter the job. */
  deliver(job: JobWithMetadata<AgreementEmailJobData>): Promise<JobResult> {
    const id = job.data.agreementEmailId;
    return deliverOutboxEmail({
      job,
      transport: this.transport,
      logger: this.logger,
      subject: { agreementEmailId: id },
      label: 'agreement email',
      claim: async () =>
        (
          await this.prisma.agreementEmail.updateManyAndReturn({
            where: { id, sentAt: null },
            data: { status: 'sending', attempts: { increment: 1 } },
          })
        )[0],
      compose: (row) => this.composer.compose(row),
      update: async (data) => (await this.prisma.agreementEmail.updateMany({ where: { id }, data })).count === 1,
    });
  }
}
