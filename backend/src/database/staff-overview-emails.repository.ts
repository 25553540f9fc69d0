import { Injectable } from '@nestjs/common';
import type { StaffOverviewEmail } from '../generated/prisma/client';
import type { EmailStatus } from '../generated/prisma/enums';
import { PrismaService } from './prisma.service';

/**
 * The `staff_overview_emails` table's one home: the daily overview (docs/product.md §4.10.1) stored before it is sent,
 * one row per Dutch calendar day (its once key), so a retried job or a second instance sends it once.
 */
@Injectable()
export class StaffOverviewEmailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Stores the day's overview unless it was stored before. */
  async insertOnce(onceKey: string, requestCount: number): Promise<void> {
    await this.prisma.staffOverviewEmail.createMany({ data: [{ onceKey, requestCount }], skipDuplicates: true });
  }

  /** Claims the day's overview for an attempt: `sending`, one more attempt; undefined when it was sent already. */
  async claimForSending(onceKey: string): Promise<StaffOverviewEmail | undefined> {
    const [row] = await this.prisma.staffOverviewEmail.updateManyAndReturn({
      where: { onceKey, sentAt: null },
      data: { status: 'sending', attempts: { increment: 1 } },
    });
    return row;
  }

  async recordSent(id: string): Promise<boolean> {
    const { count } = await this.prisma.staffOverviewEmail.updateMany({
      where: { id },
      data: { status: 'sent', sentAt: new Date(), lastError: null },
    });
    return count === 1;
  }

  async recordFailure(id: string, status: EmailStatus, lastError: string): Promise<void> {
    await this.prisma.staffOverviewEmail.updateMany({ where: { id, sentAt: null }, data: { status, lastError } });
  }

  findByDay(onceKey: string): Promise<StaffOverviewEmail | null> {
    return this.prisma.staffOverviewEmail.findUnique({ where: { onceKey } });
  }
}
