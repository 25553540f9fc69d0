import { Injectable } from '@nestjs/common';
import { PrismaService, type Db } from './prisma.service';

/**
 * The `stripe_events` table's one home (docs/architecture.md §3.5): the id of every Stripe event the ledger applied,
 * written in the same transaction as its effect, so an event is applied once however often it arrives.
 */
@Injectable()
export class StripeEventsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async isRecorded(id: string): Promise<boolean> {
    return (await this.prisma.stripeEvent.findUnique({ where: { id }, select: { id: true } })) !== null;
  }

  /** Records the event on `tx`; false when another transaction recorded it first. */
  async claim(id: string, type: string, tx: Db): Promise<boolean> {
    const { count } = await tx.stripeEvent.createMany({ data: [{ id, type }], skipDuplicates: true });
    return count === 1;
  }

  async markProcessed(id: string, tx: Db): Promise<void> {
    await tx.stripeEvent.update({ where: { id }, data: { processedAt: new Date() } });
  }
}
