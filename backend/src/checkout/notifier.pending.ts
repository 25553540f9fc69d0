import { Injectable, Logger } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import type { DonationNotifier, DonorMailRequest } from './donation-events';

/** The audit_log action of a donor email the ledger asked for while donor emails are not built yet. */
export const PENDING_DONOR_MAIL_ACTION = 'donor-mail-pending';

/**
 * TEMPORARY stand-in for the donor emails (DonorMailService in donor-mail/, built separately): until that module is
 * wired to DONATION_NOTIFIER, every email the ledger asks for is written to audit_log in the same transaction
 * (action `donor-mail-pending`, detail: donation id, kind, once-key; no personal data) and logged, so nothing asked for
 * is lost and it can be sent later. Replace the provider in checkout/donation-ledger.module.ts and delete this file.
 */
@Injectable()
export class PendingDonationNotifier implements DonationNotifier {
  private readonly logger = new Logger(PendingDonationNotifier.name);

  async queueInTransaction(tx: Prisma.TransactionClient, request: DonorMailRequest): Promise<void> {
    const { donationId, kind, onceKey } = request;
    await tx.auditLog.create({ data: { action: PENDING_DONOR_MAIL_ACTION, detail: { donationId, kind, onceKey } } });
    this.logger.log({ donationId, kind, onceKey }, 'donor email asked for (donor emails not wired yet)');
  }
}
