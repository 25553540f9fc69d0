import { MAX_DONATION_EUR } from '@stichting/contracts';

// A sane donation: positive, at most the highest monthly gift, at most two decimals ("25", "25.5", "25.50", "25,50").
const AMOUNT_PATTERN = /^\d{1,6}(?:[.,]\d{1,2})?$/;

/**
 * The `amount` query parameter of the thank-you page (docs/product.md §2), or null when it is absent or not a sane amount.
 * The value only decorates the thank-you text and the share text, so anything odd is simply ignored.
 */
export function parseDonationAmount(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const trimmed = raw.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  const amount = Number(trimmed.replace(',', '.'));
  return amount > 0 && amount <= MAX_DONATION_EUR ? amount : null;
}
