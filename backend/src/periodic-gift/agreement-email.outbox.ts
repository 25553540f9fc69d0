import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Db } from '../database/prisma.service';
import type { AgreementEmailKind } from '../generated/prisma/enums';
import { QueueService } from '../queue/queue.service';

/** Who an agreement email goes to: the donor's or the partner's address on the agreement, or STAFF_EMAIL. */
export type AgreementRecipient = 'donor' | 'partner' | 'staff';

/**
 * The agreement email outbox (docs/product.md §7.12): the row and its pg-boss job are written on the caller's
 * transaction, so an email exists exactly when the step that decided it commits. The row holds no address, no text
 * and no link: the worker reads the agreement when it sends, and makes the email's single-use link then (only its
 * hash is ever stored). `onceKey` (`<kind>:<recipient>:<agreement id>`) makes deciding it twice a no-op.
 */
@Injectable()
export class AgreementEmailOutbox {
  constructor(private readonly queue: QueueService) {}

  async queueInTransaction(
    tx: Db,
    agreementId: string,
    kind: AgreementEmailKind,
    recipient: AgreementRecipient,
  ): Promise<boolean> {
    const id = randomUUID();
    const { count } = await tx.agreementEmail.createMany({
      data: [{ id, agreementId, kind, recipient, onceKey: `${kind}:${recipient}:${agreementId}` }],
      skipDuplicates: true,
    });
    if (count === 0) return false;
    await this.queue.sendInTransaction(tx, 'agreement-email', { agreementEmailId: id });
    return true;
  }
}
