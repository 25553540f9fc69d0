import type { Language } from './languages';

/** The locale each language formats numbers, amounts and dates with (pages and donor emails alike). */
export const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', es: 'es-ES' };

/**
 * How each language writes a number (CLDR's data for LOCALE_TAGS). Spanish groups thousands only from five digits on
 * ("1000", "10.000"); the space next to the euro sign is a no-break space.
 */
const NOTATION: Record<Language, { group: string; decimal: string; minimumGroupingDigits: number }> = {
  nl: { group: '.', decimal: ',', minimumGroupingDigits: 1 },
  en: { group: ',', decimal: '.', minimumGroupingDigits: 1 },
  es: { group: '.', decimal: ',', minimumGroupingDigits: 2 },
};
const NBSP = '\u00a0';

/*
 * Numbers and euro amounts are written out here rather than with Intl.NumberFormat: the first NumberFormat a browser
 * tab creates loads ICU's number data, 28-89 ms on the main thread, inside the hydration of the home, donate and
 * periodic-gift pages (docs/benchmarks.md §5.4). The output is Intl's own for the three locales;
 * contracts/test/format.test.ts compares the two over every amount a form accepts.
 */

/** Digits of a whole number >= 0 with the language's thousands separator. */
function groupDigits(digits: string, language: Language): string {
  const { group, minimumGroupingDigits } = NOTATION[language];
  if (digits.length < 4 + minimumGroupingDigits - 1) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** 10000 -> "10.000" (nl, es) or "10,000" (en); 1000 -> "1000" in Spanish. Whole numbers; others go to Intl. */
export function formatNumber(value: number, language: Language): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat(LOCALE_TAGS[language]).format(value);
  const digits = groupDigits(String(Math.abs(value)), language);
  return value < 0 ? `-${digits}` : digits;
}

function intlEuro(value: number, language: Language): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(LOCALE_TAGS[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Euro amount in the language's own notation: "€ 25" (nl), "€25.50" (en), "25 €" (es); cents only when needed. Anything
 * that is not a number of cents goes to Intl. */
export function formatEuro(value: number, language: Language): string {
  const cents = Math.round(Math.abs(value) * 100);
  if (!Number.isSafeInteger(cents)) return intlEuro(value, language); // NaN, Infinity, beyond 2^53 cents
  const whole = groupDigits(String(Math.floor(cents / 100)), language);
  const amount = Number.isInteger(value)
    ? whole
    : `${whole}${NOTATION[language].decimal}${String(cents % 100).padStart(2, '0')}`;
  const minus = value < 0 ? '-' : '';
  if (language === 'nl') return `€${NBSP}${minus}${amount}`;
  if (language === 'en') return `${minus}€${amount}`;
  return `${minus}${amount}${NBSP}€`;
}
