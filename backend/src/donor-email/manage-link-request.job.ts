import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Job } from 'pg-boss';
import { DonationsRepository } from '../database/donations.repository';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { PrismaService } from '../database/prisma.service';
import type { JobHandler } from '../queue/job-definition';
import { DonorEmailOutbox } from './donor-email.outbox';

export interface ManageLinkRequestJobData {
  email: string;
}

/** docs/product.md §9.5: manage-link emails to one address in any 24 hours, however often it is asked. */
export const MANAGE_LINK_EMAILS_PER_ADDRESS_PER_DAY = 3;

/**
 * A "send me a link" request, worked after the visitor has had the same answer whatever the address
 * (docs/product.md §7.11): every donation of that address (in any letter case) that reached Stripe gets a
 * `manage_link` email with a fresh link, within MANAGE_LINK_EMAILS_PER_ADDRESS_PER_DAY. An unknown address costs the
 * same request and sends nothing.
 */
@Injectable()
export class ManageLinkRequestJob implements JobHandler<ManageLinkRequestJobData> {
  private readonly logger = new Logger(ManageLinkRequestJob.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly donations: DonationsRepository,
    private readonly rows: DonorEmailsRepository,
    private readonly outbox: DonorEmailOutbox,
  ) {}

  async handle(jobs: Array<Job<ManageLinkRequestJobData>>): Promise<void> {
    for (const job of jobs) {
      const queued = await this.handleOne(job);
      this.logger.log({ queued }, 'manage link request handled');
    }
  }

  /** How many manage-link emails the request queued. Retried by pg-boss on failure; its once keys keep it single. */
  async handleOne(job: Job<ManageLinkRequestJobData>): Promise<number> {
    const email = job.data.email.trim();
    const addressKey = createHash('sha256').update(email.toLowerCase()).digest('hex');
    return this.prisma.$transaction(async (tx) => {
      // One request per address at a time, so two at once cannot both pass the daily cap.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`manage-link:${addressKey}`}, 0))`;
      const donationIds = await this.donations.idsAtStripeByEmail(email, tx);
      if (donationIds.length === 0) return 0;
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const sentToday = await this.rows.countManageLinksSince(email, dayAgo, tx);
      let queued = 0;
      for (const id of donationIds.slice(0, Math.max(0, MANAGE_LINK_EMAILS_PER_ADDRESS_PER_DAY - sentToday))) {
        const onceKey = `manage_link:${id}:${job.id}`;
        if (await this.outbox.queueInTransaction(tx, { donationId: id, kind: 'manage_link', onceKey })) queued++;
      }
      return queued;
    });
  }
}
