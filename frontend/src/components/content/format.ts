import type { Language } from '@stichting/contracts';

const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', es: 'es-ES' };

/** 10000 -> "10.000" (nl, es) or "10,000" (en). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language]).format(value);
}

/** Euro amount in the language's own notation: "€ 25" (nl), "€25.50" (en), "25 €" (es); cents only when needed. */
export function formatEuro(value: number, language: Language): string {
  const hasCents = !Number.isInteger(value);
  return new Intl.NumberFormat(LOCALE_TAGS[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}
