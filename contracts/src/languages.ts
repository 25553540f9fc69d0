/** docs/product.md §1/§9: Dutch is the default; Spanish and English live under /es and /en. */
export const LANGUAGES = ['nl', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** docs/product.md §2: all nl, es and en regional variants map to their language; anything else to nl. */
export function languageFromLocale(locale: string | null | undefined): Language {
  const base = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
