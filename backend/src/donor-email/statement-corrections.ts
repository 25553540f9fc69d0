import { Injectable } from '@nestjs/common';
import { DonationPaymentsRepository } from '../database/donation-payments.repository';
import { DonorEmailsRepository } from '../database/donor-emails.repository';
import type { Db } from '../database/prisma.service';
import type { DonorEmailRequest } from './donor-email.outbox';
import {
  correctionOnceKey,
  correctionsOnceKeyPrefix,
  dutchYearOf,
  parseCorrectionOnceKey,
  statementOnceKey,
} from './statement.query';

/** A payment as the ledger keeps it, as far as a statement counts it. */
export interface CountedPayment {
  status: string;
  paidAt: Date | null;
  amountCents: number;
  refundedCents: number;
}

/** What a donation's payments add to each calendar year's statement (Dutch time): paid amounts less refunds. */
export function statementTotalsByYear(payments: readonly CountedPayment[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const payment of payments) {
    if (payment.status !== 'paid' || !payment.paidAt) continue;
    const year = dutchYearOf(payment.paidAt);
    totals.set(year, (totals.get(year) ?? 0) + payment.amountCents - payment.refundedCents);
  }
  return totals;
}

/**
 * Corrected statements (docs/product.md §7.9): when a change to a donation's payments (a refund, a dispute, a dispute's
 * outcome) changes the total of a year whose statement already went to the donor's address, the donor gets one
 * corrected statement of that year, which says it replaces the earlier one. A year whose statement has not gone out
 * yet needs none: it is written from the ledger when it is sent. Decided in the ledger's transaction, so it exists
 * exactly when the change commits.
 */
@Injectable()
export class StatementCorrections {
  constructor(
    private readonly rows: DonorEmailsRepository,
    private readonly payments: DonationPaymentsRepository,
  ) {}

  /**
   * The corrected statements to queue after `before` became `after` (the donation's payments). Each once key names the
   * year, the address (as a hash), a running number and the new total: a change that leaves the total where the last
   * statement put it (a repeated event, a dispute's status that moves no money) asks for nothing.
   */
  async afterPaymentChange(
    tx: Db,
    donation: { id: string; email: string },
    before: readonly CountedPayment[],
    after: readonly CountedPayment[],
  ): Promise<DonorEmailRequest[]> {
    const was = statementTotalsByYear(before);
    const now = statementTotalsByYear(after);
    const years = [...new Set([...was.keys(), ...now.keys()])].filter((year) => was.get(year) !== now.get(year));
    const requests: DonorEmailRequest[] = [];
    for (const year of years.sort()) {
      if (!(await this.rows.wasSent(statementOnceKey(year, donation.email), tx))) continue;
      const paid = await this.payments.paidInYear(year, donation.email, tx);
      const totalCents = paid.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
      const earlier = (await this.rows.onceKeysStartingWith(correctionsOnceKeyPrefix(year, donation.email), tx))
        .map(parseCorrectionOnceKey)
        .sort((a, b) => b.number - a.number);
      if (earlier[0]?.totalCents === totalCents) continue;
      const number = (earlier[0]?.number ?? 0) + 1;
      requests.push({
        donationId: donation.id,
        kind: 'statement',
        year,
        onceKey: correctionOnceKey(year, donation.email, number, totalCents),
      });
    }
    return requests;
  }
}
