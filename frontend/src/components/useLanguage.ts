import { useLocation } from 'react-router';
import { languageFromPath, type Language } from '@stichting/contracts';

/** The current page's language (docs/product.md §2: from the first path segment). */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}
