import { LANGUAGE_CHOICE_COOKIE, type Language } from '@stichting/contracts';

/**
 * The switcher records the visitor's explicit choice for this browser session, so "/" no longer follows the browser
 * language: the server reads this cookie before it applies the first-load redirect (docs/product.md §2; firstLoadRedirectTarget
 * in @stichting/contracts, backend/src/site/site.service.ts).
 */
export function rememberLanguageChoice(language: Language): void {
  document.cookie = `${LANGUAGE_CHOICE_COOKIE}=${language}; path=/; SameSite=Lax`;
}
