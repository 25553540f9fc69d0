import { Injectable, Logger } from '@nestjs/common';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { failedAttempt, recordSent, sendForJob, type AttemptStage } from '../mail/email-delivery';
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

  async deliver(job: JobWithMetadata<AgreementEmailJobData>): Promise<JobResult> {
    const id = job.data.agreementEmailId;
    let stage: AttemptStage = 'database';
    try {
      const [row] = await this.prisma.agreementEmail.updateManyAndReturn({
        where: { id, sentAt: null },
        data: { status: 'sending', attempts: { increment: 1 } },
      });
      if (!row) return { id: job.id, status: 'completed', output: { skipped: 'sent or gone' } };
      const mail = await this.composer.compose(row);
      if (!mail) {
        await this.update(id, { status: 'dead', lastError: 'no address on record' });
        return { id: job.id, status: 'completed', output: { skipped: 'no address on record' } };
      }
      stage = 'smtp';
      await sendForJob(this.transport, job, mail);
      stage = 'database';
      await recordSent(() => this.update(id, { status: 'sent', sentAt: new Date(), lastError: null }));
      return { id: job.id, status: 'completed' };
    } catch (error) {
      return failedAttempt({
        job,
        stage,
        error,
        logger: this.logger,
        subject: { agreementEmailId: id },
        label: 'agreement email',
        record: (status, lastError) => this.update(id, { status, lastError }),
      });
    }
  }

  private async update(id: string, data: Prisma.AgreementEmailUpdateManyMutationInput): Promise<boolean> {
    return (await this.prisma.agreementEmail.updateMany({ where: { id }, data })).count === 1;
  }
}
