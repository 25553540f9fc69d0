/** docs/product.md §9: tiers in euro per month and the minimum custom amount. */
export const DONATION_TIERS = [250, 500, 1000, 2500, 5000] as const;
/** docs/product.md §9.2: suggested amounts in euro for a one-off gift ("give once"). */
export const ONE_OFF_DONATION_TIERS = [25, 50, 100, 250] as const;
/** docs/product.md §4.1: a gift is monthly (the default, a Stripe subscription) or once (one Stripe payment). */
export const DONATION_FREQUENCIES = ['monthly', 'once'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];
export const MIN_DONATION_EUR = 5;
/**
 * docs/product.md §5.2: the highest monthly gift the site starts. A SEPA Direct Debit takes at most €10,000, and from
 * the second month every gift is a SEPA debit (an iDEAL first payment sets up SEPA), so a larger gift would fail
 * every month. Above it, the donate page points to the contact page.
 */
export const MAX_DONATION_EUR = 10000;
export const CHECKOUT_REDIRECT_DELAY_MS = 100;

export const DONATION_SOURCES = [
  'google',
  'social_media',
  'volunteer',
  'newsletter',
  'family_friends',
  'other',
] as const;
export const DONATION_PLATFORMS = ['instagram', 'facebook', 'tiktok', 'youtube', 'linkedin', 'other'] as const;

/**
 * docs/product.md §4: "7,50" and "7.50" both mean 7.5 euro; at most two decimals, so "5.000" is refused rather than read
 * as five euro. Returns the number, or null when the text is not such an amount. No bounds: see parseEuroAmount.
 */
export function parseEuroNumber(input: string): number | null {
  const text = input.trim().replace(/^€\s*/, '').replace(/\s/g, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * docs/product.md §4/§5: a custom amount is free text; both "7,50" and "7.50" mean 7.5 euro.
 * Returns the amount in euro, or null when it is not a number of at least the minimum.
 */
export function parseEuroAmount(input: string): number | null {
  const value = parseEuroNumber(input);
  if (value === null || value < MIN_DONATION_EUR || value > MAX_DONATION_EUR) return null;
  return value;
}
