import { Injectable } from '@nestjs/common';
import type { DonorEmail, Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

/**
 * The `donor_emails` table's one home (docs/architecture.md §4.7): the donor email outbox's rows, each unique by its
 * once key, and their delivery status.
 */
@Injectable()
export class DonorEmailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Stores the row unless its once key was used before; true when stored. */
  async insertOnce(row: Prisma.DonorEmailCreateManyInput, db: Db): Promise<boolean> {
    const { count } = await db.donorEmail.createMany({ data: [row], skipDuplicates: true });
    return count === 1;
  }

  async onceKeyUsed(onceKey: string, db: Db = this.prisma): Promise<boolean> {
    return (await db.donorEmail.count({ where: { onceKey } })) > 0;
  }

  /** Manage-link emails to donations of `email` (any letter case, matched literally) queued since `since`. */
  countManageLinksSince(email: string, since: Date, db: Db): Promise<number> {
    return db.donorEmail.count({
      where: { kind: 'manage_link', createdAt: { gte: since }, donation: { email: equalsIgnoringCase(email) } },
    });
  }

  /** Claims the row for an attempt (not yet sent): its status becomes `sending`; undefined when sent or gone. */
  async claimForSending(id: string): Promise<DonorEmail | undefined> {
    const [row] = await this.prisma.donorEmail.updateManyAndReturn({
      where: { id, sentAt: null },
      data: { status: 'sending', attempts: { increment: 1 } },
    });
    return row;
  }

  /** Records what an attempt did; false when the row is gone. */
  async updateDelivery(id: string, data: Prisma.DonorEmailUpdateManyMutationInput): Promise<boolean> {
    return (await this.prisma.donorEmail.updateMany({ where: { id }, data })).count === 1;
  }
}
