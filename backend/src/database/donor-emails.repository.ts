import { Injectable } from '@nestjs/common';
import type { DonorEmail, Prisma } from '../generated/prisma/client';
import type { EmailStatus } from '../generated/prisma/enums';
import type { DeliveryFigures } from './submissions.repository';
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

  /** Whether the email of this once key went out: sent, or being sent now (its facts were read before this change). */
  async wasSent(onceKey: string, db: Db): Promise<boolean> {
    const where = { onceKey, OR: [{ sentAt: { not: null } }, { status: 'sending' as const }] };
    return (await db.donorEmail.count({ where })) > 0;
  }

  /** The once keys that start with `prefix` (a donor's corrected statements of a year). */
  async onceKeysStartingWith(prefix: string, db: Db): Promise<string[]> {
    const rows = await db.donorEmail.findMany({
      where: { onceKey: { startsWith: prefix } },
      select: { onceKey: true },
    });
    return rows.map(({ onceKey }) => onceKey);
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

  /**
   * Dead donor emails (or only those among `ids`) back to `queued`; returns their ids. Those of an erased donation stay
   * dead: there is no address to write to (docs/product.md §7.9).
   */
  async requeueDead(ids: string[] | undefined, db: Db): Promise<string[]> {
    const requeued = await db.donorEmail.updateManyAndReturn({
      where: { status: 'dead', sentAt: null, donation: { erasedAt: null }, ...(ids ? { id: { in: ids } } : {}) },
      data: { status: 'queued' },
      select: { id: true },
    });
    return requeued.map(({ id }) => id);
  }

  /** Donor emails per delivery state, with the oldest of each (`npm run mail -- status`, the metrics). */
  async deliveryFigures(): Promise<DeliveryFigures> {
    const groups = await this.prisma.donorEmail.groupBy({
      by: ['status'],
      _count: { _all: true },
      _min: { createdAt: true },
    });
    return groups.map((group) => ({
      status: group.status satisfies EmailStatus,
      count: group._count._all,
      oldest: group._min.createdAt,
    }));
  }

  /** Records what an attempt did; false when the row is gone. */
  async updateDelivery(id: string, data: Prisma.DonorEmailUpdateManyMutationInput): Promise<boolean> {
    return (await this.prisma.donorEmail.updateMany({ where: { id }, data })).count === 1;
  }
}
