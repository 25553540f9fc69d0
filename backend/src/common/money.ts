import { formatEuro, type Language } from '@stichting/contracts';

/**
 * An amount in cents as plain decimal euros, without a symbol or thousands separator, the way files, staff commands
 * and URLs write it: 1250 -> "12.50". `short` leaves the cents out of a whole amount (25000 -> "250"), as in the
 * thank-you page's `amount` parameter. Amounts shown to visitors are formatted by the frontend (`formatEuro`).
 */
export function formatCents(amountCents: number, style: 'fixed' | 'short' = 'fixed'): string {
  if (style === 'short' && amountCents % 100 === 0) return String(amountCents / 100);
  return (amountCents / 100).toFixed(2);
}

/**
 * An amount in cents as a donor reads it, in their language: 2500 -> "€ 25" (nl), "€25" (en), "25 €" (es), with cents
 * only when there are any (the same formatter as the pages, contracts formatEuro).
 */
export function formatCentsForReader(amountCents: number, language: Language): string {
  return formatEuro(amountCents / 100, language);
}
