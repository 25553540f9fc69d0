import { Injectable } from '@nestjs/common';
import type { PeriodicAgreement, Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';

/**
 * The `periodic_agreements` table as the rest of a periodieke gift's life reads and writes it (docs/product.md §4.9):
 * the ledger following its gift, the donor's page, erasure and the purge. Methods that may run inside a larger
 * transaction take its client as their last argument (`db`).
 */
@Injectable()
export class PeriodicAgreementsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findById(id: string, db: Db = this.prisma): Promise<PeriodicAgreement | null> {
    return db.periodicAgreement.findUnique({ where: { id } });
  }

  /** Locks the agreement's row until the transaction ends (the ledger and the donor's page change it). */
  async lock(id: string, db: Db): Promise<PeriodicAgreement | null> {
    await db.$queryRaw`SELECT 1 FROM periodic_agreements WHERE id = ${id}::uuid FOR UPDATE`;
    return this.findById(id, db);
  }

  update(id: string, data: Prisma.PeriodicAgreementUpdateInput, db: Db = this.prisma): Promise<PeriodicAgreement> {
    return db.periodicAgreement.update({ where: { id }, data });
  }
}
