import { createHash } from 'node:crypto';
import type { PrismaService } from '../database/prisma.service';

/**
 * What a yearly statement is built from (docs/product.md §7.9): the paid payments of every donation with the donor's
 * address (in any letter case) whose paid date falls in the calendar year in Dutch time. The same rule, in SQL, makes
 * the staff dataset `donor-yearly-totals` (exports/export-datasets.ts).
 */

/** The instant a calendar year starts in the Netherlands: 1 January is always in winter time (UTC+1). */
export function dutchYearStart(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - 60 * 60 * 1000);
}

/** The once key of a donor's statement for a year: the address only as a hash (docs/architecture.md §4.7). */
export function statementOnceKey(year: number, email: string): string {
  return `statement:${year}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/**
 * A donor's gifts in a year: the payments still `paid` (a refunded or reversed one was no gift) by the date Stripe
 * says they were paid, each less what was paid back of it.
 */
export async function paidPaymentsOfDonor(
  prisma: PrismaService,
  email: string,
  year: number,
): Promise<Array<{ paidAt: Date; amountCents: number }>> {
  const payments = await prisma.donationPayment.findMany({
    where: {
      status: 'paid',
      paidAt: { gte: dutchYearStart(year), lt: dutchYearStart(year + 1) },
      donation: { email: { equals: email, mode: 'insensitive' }, erasedAt: null },
    },
    orderBy: [{ paidAt: 'asc' }, { id: 'asc' }],
    select: { paidAt: true, amountCents: true, refundedCents: true },
  });
  return payments.flatMap(({ paidAt, amountCents, refundedCents }) =>
    paidAt ? [{ paidAt, amountCents: amountCents - refundedCents }] : [],
  );
}
