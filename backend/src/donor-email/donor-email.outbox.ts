import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isLanguage, DEFAULT_LANGUAGE } from '@stichting/contracts';
import { DonationsRepository } from '../database/donations.repository';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import type { Db } from '../database/prisma.service';
import type { DonorEmailKind } from '../generated/prisma/enums';
import { QueueService } from '../queue/queue.service';
import { StatementCorrections, type CountedPayment } from './statement-corrections';

/**
 * One donor email to decide. `onceKey` names the thing it is about, so deciding it again (a repeated or late webhook,
 * a second statement run) stores nothing: `welcome:<donation id>`, `payment_failed:<invoice id>`,
 * `payment_action_required:<invoice id>`, `stop_check:<dispute or mandate id>`, `cancelled:<donation id>`,
 * `manage_link:<donation id>:<request>`, `statement:<year>:<address hash>`, `amount_changed:<donation id>:<request>`. An email about one invoice names it.
 */
export type DonorEmailRequest =
  | {
      donationId: string;
      kind: Exclude<DonorEmailKind, 'statement' | 'amount_changed'>;
      onceKey: string;
      invoiceId?: string;
    }
  | { donationId: string; kind: 'statement'; onceKey: string; year: number }
  | {
      donationId: string;
      kind: 'amount_changed';
      onceKey: string;
      /** The monthly amount before and after the donor's change, as they asked it (docs/product.md §7.10). */
      amounts: { previousCents: number; newCents: number };
    };

/** The emails a one-off gift's donor can get (docs/product.md §7.9). */
const ONE_OFF_EMAIL_KINDS = new Set<DonorEmailKind>(['one_off_thanks', 'statement']);

/**
 * The donor email outbox (docs/architecture.md §4.7): the email's row and its pg-boss job are written on the caller's
 * transaction, so the email exists exactly when the change that decided it (a payment recorded, a gift cancelled)
 * commits. The row holds no address and no text: the worker reads the donor's address on record and the facts when it
 * sends, in the donation's language.
 */
@Injectable()
export class DonorEmailOutbox {
  constructor(
    private readonly queue: QueueService,
    private readonly donations: DonationsRepository,
    private readonly rows: DonorEmailsRepository,
    private readonly corrections: StatementCorrections,
  ) {}

  /**
   * After the ledger changed a donation's payments (`before` → `after`), on its transaction: the corrected statements
   * that change asks for (docs/product.md §7.9, StatementCorrections), queued; returns a line for each.
   */
  async queueStatementCorrections(
    tx: Db,
    donation: { id: string; email: string },
    before: readonly CountedPayment[],
    after: readonly CountedPayment[],
  ): Promise<string[]> {
    const lines: string[] = [];
    for (const request of await this.corrections.afterPaymentChange(tx, donation, before, after)) {
      if (request.kind !== 'statement' || !(await this.queueInTransaction(tx, request))) continue;
      lines.push(`donation ${donation.id.slice(0, 8)}: corrected statement of ${request.year} queued`);
    }
    return lines;
  }

  /**
   * Stores the email and its job on `tx`; true when queued, false when its once key was already used (or no such
   * donation, or an email a one-off gift does not get).
   */
  async queueInTransaction(tx: Db, request: DonorEmailRequest): Promise<boolean> {
    const donation = await this.donations.findById(request.donationId, tx);
    if (!donation) return false;
    if (donation.frequency === 'once') {
      // docs/product.md §7.9: the first payment of a one-off gift is thanked for as such, not welcomed to a monthly
      // gift; of the other emails only the yearly statement concerns it (the rest speak of a monthly gift to manage).
      if (request.kind === 'welcome') {
        request = { ...request, kind: 'one_off_thanks', onceKey: `one_off_thanks:${request.donationId}` };
      }
      if (!ONE_OFF_EMAIL_KINDS.has(request.kind)) return false;
    }
    const id = randomUUID();
    const stored = await this.rows.insertOnce(
      {
        id,
        donationId: request.donationId,
        kind: request.kind,
        onceKey: request.onceKey,
        language: isLanguage(donation.language) ? donation.language : DEFAULT_LANGUAGE,
        statementYear: request.kind === 'statement' ? request.year : null,
        invoiceId: 'invoiceId' in request ? (request.invoiceId ?? null) : null,
        previousAmountCents: request.kind === 'amount_changed' ? request.amounts.previousCents : null,
        newAmountCents: request.kind === 'amount_changed' ? request.amounts.newCents : null,
      },
      tx,
    );
    if (!stored) return false;
    await this.queue.sendInTransaction(tx, 'donor-email', { donorEmailId: id });
    return true;
  }
}
