import { Injectable } from '@nestjs/common';
import type { AgreementStatus } from '@stichting/contracts';
import type { PeriodicAgreement, Prisma } from '../generated/prisma/client';
import { PrismaService, type Db } from './prisma.service';
import { equalsIgnoringCase } from './text-match';

const STAFF_AGREEMENT_ROW = {
  transactionNumber: true,
  status: true,
  signingMethod: true,
  monthlyAmountCents: true,
  yearlyAmountCents: true,
  termYears: true,
  firstYear: true,
  partnerFirstNames: true,
  partnerEmail: true,
  createdAt: true,
  signatures: { select: { role: true, method: true, signedAt: true } },
} satisfies Prisma.PeriodicAgreementSelect;

export type StaffAgreementRow = Prisma.PeriodicAgreementGetPayload<{ select: typeof STAFF_AGREEMENT_ROW }>;

const AGREEMENT_LISTING = {
  id: true,
  transactionNumber: true,
  status: true,
  createdAt: true,
  completedAt: true,
  endedAt: true,
} satisfies Prisma.PeriodicAgreementSelect;

/** What erasure and its command show of an agreement: no personal data. */
export type AgreementListing = Prisma.PeriodicAgreementGetPayload<{ select: typeof AGREEMENT_LISTING }>;

/**
 * The `periodic_agreements` table as the rest of a periodieke gift's life reads and writes it (docs/product.md §4.9):
 * the ledger following its gift, the donor's page, the staff command's list, erasure and the purge. Methods that may
 * run inside a larger transaction take its client as their last argument (`db`).
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

  /**
   * Every agreement (of `status`), oldest first, as `npm run periodic -- list` shows it: the transaction number, status,
   * amounts, term and when each party signed; of the people only whether a partner co-signs (docs/product.md §4.9).
   */
  listForStaff(status?: AgreementStatus): Promise<StaffAgreementRow[]> {
    return this.prisma.periodicAgreement.findMany({
      where: status ? { status } : {},
      select: STAFF_AGREEMENT_ROW,
      orderBy: [{ createdAt: 'asc' }, { transactionNumber: 'asc' }],
    });
  }

  update(id: string, data: Prisma.PeriodicAgreementUpdateInput, db: Db = this.prisma): Promise<PeriodicAgreement> {
    return db.periodicAgreement.update({ where: { id }, data });
  }

  /** The agreements erasure of `email` concerns: the donor's own and those naming it as the partner's, oldest first. */
  findForErasure(email: string, db: Db): Promise<AgreementListing[]> {
    const sameAddress = equalsIgnoringCase(email);
    return db.periodicAgreement.findMany({
      where: { OR: [{ email: sameAddress }, { partnerEmail: sameAddress }] },
      select: AGREEMENT_LISTING,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * Agreements past their retention (docs/privacy.md "Periodic gift agreements"), deleted with their signatures, links
   * and emails (cascade), or with `dryRun` counted: ended before `endedBefore`; signed, never started, and whose term's
   * last year ended before it; never completed and unchanged since `untouchedSince`.
   */
  async purge(endedBefore: Date, untouchedSince: Date, dryRun: boolean, db: Db): Promise<number> {
    const rows = await db.$queryRaw<Array<{ id: string }>>`SELECT id FROM periodic_agreements
      WHERE ended_at < ${endedBefore}
        OR (ended_at IS NULL AND status = 'signed' AND term_years IS NOT NULL
          AND make_date(first_year + term_years, 1, 1) < ${endedBefore})
        OR (completed_at IS NULL AND updated_at < ${untouchedSince})`;
    const ids = rows.map((row) => row.id);
    if (!dryRun) await this.deleteByIds(ids, db);
    return ids.length;
  }

  /**
   * Deletes agreements (their signatures, links and emails cascade). A gift that paid one keeps its payments and loses
   * only the link: `donations.periodic_agreement_id` restricts the delete, and SQL leaves the gift's `updated_at`, from
   * which its own retention counts, as it was.
   */
  async deleteByIds(ids: string[], db: Db): Promise<void> {
    if (ids.length === 0) return;
    await db.$executeRaw`UPDATE donations SET periodic_agreement_id = NULL WHERE periodic_agreement_id = ANY(${ids}::uuid[])`;
    await db.periodicAgreement.deleteMany({ where: { id: { in: ids } } });
  }
}
