import { createHash } from 'node:crypto';

/**
 * What a yearly statement is built from (docs/product.md §7.9): the paid payments of every donation with the donor's
 * address (in any letter case) whose paid date falls in the calendar year in Dutch time
 * (DonationPaymentsRepository.paidInYear). The same rule, in SQL, makes the staff dataset `donor-yearly-totals`
 * (exports/export-datasets.ts).
 */

const DUTCH_YEAR = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' });

/** The calendar year an instant falls in, in Dutch time (a payment of 31 December 23:30 is that year's). */
export function dutchYearOf(date: Date): number {
  return Number(DUTCH_YEAR.format(date));
}

/** The once key of a donor's statement for a year: the address only as a hash (docs/architecture.md §4.7). */
export function statementOnceKey(year: number, email: string): string {
  return `statement:${year}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/**
 * The once keys of a donor's corrected statements of a year (docs/product.md §7.9 "Corrected statements"):
 * `statement_correction:<year>:<address hash>:<number>:<total in cents>`, numbered from 1. A correction is a statement
 * email (kind `statement`) whose once key says it replaces the earlier one.
 */
export function correctionsOnceKeyPrefix(year: number, email: string): string {
  return `statement_correction:${statementOnceKey(year, email).slice('statement:'.length)}:`;
}

export function correctionOnceKey(year: number, email: string, number: number, totalCents: number): string {
  return `${correctionsOnceKeyPrefix(year, email)}${number}:${totalCents}`;
}

export function isStatementCorrection(onceKey: string): boolean {
  return onceKey.startsWith('statement_correction:');
}

/** The running number and the total a correction's once key names. */
export function parseCorrectionOnceKey(onceKey: string): { number: number; totalCents: number } {
  const [number, totalCents] = onceKey.split(':').slice(-2).map(Number);
  return { number, totalCents };
}

/** A gift as a statement lists it: its date, its amount and, for a periodic gift, the agreement's transaction number. */
export interface StatementLine {
  paidAt: Date;
  amountCents: number;
  /** Set for a payment under a periodieke gift made once the agreement was countersigned (docs/product.md §7.9). */
  transactionNumber?: string | null;
}

/**
 * A gift as a statement lists it: what was paid, less what was paid back of it (a refunded payment is no gift).
 * docs/product.md §7.9, §4.9: a payment counts as periodic only when its donation pays an agreement that was complete
 * (countersigned) when it was paid; one before that counts as an ordinary gift.
 */
export function statementLines(
  payments: Array<{
    paidAt: Date;
    amountCents: number;
    refundedCents: number;
    donation?: { periodicAgreement: { transactionNumber: string; completedAt: Date | null } | null };
  }>,
): StatementLine[] {
  return payments.map(({ paidAt, amountCents, refundedCents, donation }) => {
    const agreement = donation?.periodicAgreement;
    const periodic = agreement?.completedAt && paidAt >= agreement.completedAt;
    return {
      paidAt,
      amountCents: amountCents - refundedCents,
      ...(periodic ? { transactionNumber: agreement.transactionNumber } : {}),
    };
  });
}
