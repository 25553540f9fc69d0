import { LOCALE_TAGS, type Language } from '@stichting/contracts';

/** Euro amounts: the one formatter in contracts, shared with the donor emails. */
export { formatEuro } from '@stichting/contracts';

/** 10000 -> "10.000" (nl, es) or "10,000" (en). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language]).format(value);
}
