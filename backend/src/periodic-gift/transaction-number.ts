import type { Db } from '../database/prisma.service';

/**
 * The next transaction number (docs/product.md §4.9): PG-<year>-<number>, the number from the sequence
 * periodic_agreement_number (never reused, even after a rolled-back request), five digits or more.
 */
export async function nextTransactionNumber(tx: Db, year: number): Promise<string> {
  const [{ value }] = await tx.$queryRaw<
    Array<{ value: bigint }>
  >`SELECT nextval('periodic_agreement_number') AS value`;
  return formatTransactionNumber(year, Number(value));
}

export function formatTransactionNumber(year: number, number: number): string {
  return `PG-${year}-${String(number).padStart(5, '0')}`;
}
