import type { Language } from './languages';

/** The locale each language formats numbers, amounts and dates with (pages and donor emails alike). */
export const LOCALE_TAGS: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', es: 'es-ES' };

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
