import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AgreementStatus } from '@stichting/contracts';
import { PrismaService, type Db } from '../database/prisma.service';
import type { AgreementSignature, PeriodicAgreement } from '../generated/prisma/client';
import { AgreementEmailOutbox } from './agreement-email.outbox';
import { renderAgreementPdf } from './agreement-pdf';
import { normalizeSpaces } from './agreement-text';
import { AgreementRefusedError } from './periodic-gift.errors';

export const sha256 = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');

/** The foundation's signatory: from the configuration or the staff command, never from a visitor (docs/product.md §4.9). */
export interface Signatory {
  name: string;
  function: string;
}

export type AgreementWithSignatures = PeriodicAgreement & { signatures: AgreementSignature[] };

/** The roles that sign before the foundation: the donor, and the partner when the agreement names one. */
export function signerRoles(
  agreement: Pick<PeriodicAgreement, 'partnerEmail' | 'partnerFirstNames'>,
): Array<'donor' | 'partner'> {
  return agreement.partnerEmail || agreement.partnerFirstNames ? ['donor', 'partner'] : ['donor'];
}

/**
 * The signing steps shared by the pages and the staff command (docs/product.md §4.9): a signature recorded (online or
 * paper) moves the agreement on; once donor (and partner) signed, staff are asked to countersign; the countersignature
 * stores the final PDF and mails it. Every step is one transaction with the emails it decides.
 */
@Injectable()
export class PeriodicAgreements {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: AgreementEmailOutbox,
  ) {}

  find(transactionNumber: string): Promise<AgreementWithSignatures | null> {
    return this.prisma.periodicAgreement.findUnique({ where: { transactionNumber }, include: { signatures: true } });
  }

  /**
   * A donor's or partner's signature over the stored document, on `tx`; then what follows from it: the partner's
   * invitation after the donor signed online (the partner is only written to once the donor verified and signed), or
   * the countersign request once all have signed. Returns the agreement's status after it.
   */
  async recordSignature(
    tx: Db,
    agreement: PeriodicAgreement,
    signature: { role: 'donor' | 'partner'; method: 'online' | 'paper'; name: string; email: string | null },
    now = new Date(),
  ): Promise<AgreementStatus> {
    if (!agreement.documentSha256) throw new Error(`agreement ${agreement.transactionNumber} has no document`);
    const { count } = await tx.agreementSignature.createMany({
      data: [
        {
          agreementId: agreement.id,
          role: signature.role,
          method: signature.method,
          signerName: normalizeSpaces(signature.name),
          email: signature.email,
          documentSha256: agreement.documentSha256,
          signedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) throw new AgreementRefusedError('alreadySigned');
    const signed = new Set(
      (await tx.agreementSignature.findMany({ where: { agreementId: agreement.id } })).map((s) => s.role),
    );
    const missing = signerRoles(agreement).filter((role) => !signed.has(role));
    if (missing.length > 0) {
      if (signature.role === 'donor' && missing.includes('partner') && signature.method === 'online') {
        await this.outbox.queueInTransaction(tx, agreement.id, 'partner_invitation', 'partner');
      }
      return agreement.status;
    }
    await tx.periodicAgreement.update({
      where: { id: agreement.id },
      data: { status: 'awaiting_countersignature' },
    });
    await this.outbox.queueInTransaction(tx, agreement.id, 'countersign_request', 'staff');
    return 'awaiting_countersignature';
  }

  /**
   * Staff record that the hand-signed paper arrived (docs/product.md §4.9): paper signatures of the donor (and partner)
   * over the same document, then the path goes on as online: awaiting the countersignature.
   */
  async paperReceived(transactionNumber: string, names: { donor: string; partner?: string }, now = new Date()) {
    return this.prisma.$transaction(async (tx) => {
      const agreement = await this.lockedByNumber(tx, transactionNumber);
      if (!['awaiting_verification', 'awaiting_signatures'].includes(agreement.status)) {
        throw new AgreementRefusedError('alreadySigned');
      }
      const roles = signerRoles(agreement);
      if (roles.includes('partner') && !names.partner) {
        throw new Error(`${transactionNumber} has a partner: give --partner-name too`);
      }
      await tx.periodicAgreement.update({ where: { id: agreement.id }, data: { signingMethod: 'paper' } });
      let status = agreement.status;
      const signed = await tx.agreementSignature.findMany({ where: { agreementId: agreement.id } });
      for (const role of roles) {
        if (signed.some((s) => s.role === role)) continue;
        const name = role === 'donor' ? names.donor : names.partner!;
        status = await this.recordSignature(
          tx,
          { ...agreement, signingMethod: 'paper' },
          { role, method: 'paper', name, email: null },
          now,
        );
      }
      return status;
    });
  }

  /**
   * The foundation's signature (docs/product.md §4.9): refused before the donor (and partner) signed; then the final PDF
   * with every signature's audit line is stored, the agreement is signed, and donor and partner get it by email (the
   * donor with the link that starts the debits). `tx` work given by the caller (a link used up) runs first.
   */
  async countersign(
    agreementId: string,
    signatory: Signatory,
    before: (tx: Db) => Promise<void> = () => Promise.resolve(),
    now = new Date(),
  ): Promise<AgreementStatus> {
    return this.prisma.$transaction(async (tx) => {
      await before(tx);
      const [locked] = await tx.$queryRaw<
        Array<{ id: string }>
      >`SELECT id FROM periodic_agreements WHERE id = ${agreementId}::uuid FOR UPDATE`;
      if (!locked) throw new AgreementRefusedError('invalid');
      const agreement = await tx.periodicAgreement.findUniqueOrThrow({
        where: { id: agreementId },
        include: { signatures: true },
      });
      if (agreement.status !== 'awaiting_countersignature') {
        throw new AgreementRefusedError(
          agreement.status === 'awaiting_verification' || agreement.status === 'awaiting_signatures'
            ? 'notYetSigned'
            : 'alreadySigned',
        );
      }
      const foundation = await tx.agreementSignature.create({
        data: {
          agreementId,
          role: 'foundation',
          method: 'online',
          signerName: normalizeSpaces(signatory.name),
          signerFunction: normalizeSpaces(signatory.function),
          documentSha256: agreement.documentSha256!,
          signedAt: now,
        },
      });
      const order = { donor: 0, partner: 1, foundation: 2 } as const;
      const signatures = [...agreement.signatures, foundation].sort((a, b) => order[a.role] - order[b.role]);
      const finalDocument = await renderAgreementPdf(agreement, {
        language: agreement.language as 'nl',
        createdAt: agreement.createdAt,
        signatures,
      });
      await tx.periodicAgreement.update({
        where: { id: agreementId },
        data: { status: 'signed', finalDocument: new Uint8Array(finalDocument), completedAt: now },
      });
      await this.outbox.queueInTransaction(tx, agreementId, 'completed', 'donor');
      if (signerRoles(agreement).includes('partner') && agreement.partnerEmail) {
        await this.outbox.queueInTransaction(tx, agreementId, 'completed', 'partner');
      }
      return 'signed' as const;
    });
  }

  private async lockedByNumber(tx: Db, transactionNumber: string): Promise<PeriodicAgreement> {
    const [row] = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM periodic_agreements WHERE transaction_number = ${transactionNumber} FOR UPDATE`;
    if (!row) throw new Error(`No agreement ${transactionNumber}.`);
    return tx.periodicAgreement.findUniqueOrThrow({ where: { id: row.id } });
  }
}
