import { Injectable } from '@nestjs/common';
import { DonationPaymentsRepository } from '../database/donation-payments.repository';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import { PrismaService } from '../database/prisma.service';
import { DonorEmailOutbox } from './donor-email.outbox';
import { statementOnceKey } from './statement.query';

/** One donor's statement for a year, and what happened to it. */
export interface StatementPlan {
  /** The donor's address as on their latest donation with a payment that year. */
  email: string;
  payments: number;
  totalCents: number;
  outcome: 'queued' | 'already sent' | 'would queue';
}

/**
 * Yearly statements (docs/product.md §7.9): one per donor (address in any letter case) who paid anything in the
 * year, listing every paid amount. Queued through the donor email outbox with the once key
 * `statement:<year>:<address hash>`, so however often this runs (the January job, staff on demand), a donor gets
 * one statement per year.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly payments: DonationPaymentsRepository,
    private readonly rows: DonorEmailsRepository,
    private readonly outbox: DonorEmailOutbox,
  ) {}

  async queueStatements(options: { year: number; email?: string; dryRun: boolean }): Promise<StatementPlan[]> {
    const payments = await this.payments.paidInYear(options.year, options.email);
    const donors = new Map<
      string,
      { email: string; donationId: string; since: Date; payments: number; total: number }
    >();
    for (const { amountCents, refundedCents, donation: intent } of payments) {
      const key = intent.email.toLowerCase();
      const donor = donors.get(key) ?? {
        email: intent.email,
        donationId: intent.id,
        since: intent.createdAt,
        payments: 0,
        total: 0,
      };
      // The latest donation speaks for the donor: its address and its language.
      if (intent.createdAt > donor.since)
        Object.assign(donor, { email: intent.email, donationId: intent.id, since: intent.createdAt });
      donor.payments += 1;
      donor.total += amountCents - refundedCents;
      donors.set(key, donor);
    }
    const plans: StatementPlan[] = [];
    for (const donor of [...donors.values()].sort((a, b) => a.email.localeCompare(b.email))) {
      const onceKey = statementOnceKey(options.year, donor.email);
      const outcome = await this.queueOne(donor.donationId, onceKey, options);
      plans.push({ email: donor.email, payments: donor.payments, totalCents: donor.total, outcome });
    }
    return plans;
  }

  private async queueOne(
    donationId: string,
    onceKey: string,
    options: { year: number; dryRun: boolean },
  ): Promise<StatementPlan['outcome']> {
    if (options.dryRun) {
      return (await this.rows.onceKeyUsed(onceKey)) ? 'already sent' : 'would queue';
    }
    const queued = await this.prisma.$transaction((tx) =>
      this.outbox.queueInTransaction(tx, { donationId, kind: 'statement', onceKey, year: options.year }),
    );
    return queued ? 'queued' : 'already sent';
  }
}
