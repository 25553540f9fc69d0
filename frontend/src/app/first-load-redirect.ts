import { isLanguage, languageFromLocale, ROUTES, type Language } from '@stichting/contracts';

const CHOICE_KEY = 'language-choice';

/** The switcher records the visitor's explicit choice, so "/" no longer follows the browser language. */
export function rememberLanguageChoice(language: Language): void {
  try {
    window.sessionStorage.setItem(CHOICE_KEY, language);
  } catch {
    // Storage can be disabled (privacy mode); the redirect then simply applies again on the next first load.
  }
}

export function storedLanguageChoice(): Language | undefined {
  try {
    const value = window.sessionStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * spec §2 first load: a path starting with /es or /en changes nothing; a known Dutch path keeps Dutch; otherwise a
 * browser language that resolves to es or en redirects to the prefixed path. Every unprefixed path is either a
 * Dutch page or a (Dutch) error page, and "/" is a Dutch page too, yet the spec clearly means a Spanish browser
 * landing on "/" to get "/es". So: only the root entry redirects, and only when the visitor has not chosen a
 * language in this session (choosing NL in the switcher lands on "/" and must not bounce back).
 * Returns the path to replace-navigate to, or undefined to stay.
 */
export function firstLoadRedirectTarget(
  pathname: string,
  browserLocale: string | undefined,
  storedChoice: Language | undefined,
): string | undefined {
  if (pathname !== '/' || storedChoice) return undefined;
  const language = languageFromLocale(browserLocale);
  return language === 'nl' ? undefined : ROUTES.home[language];
}

/** navigator.languages[0], else navigator.language. */
export function browserLocale(): string | undefined {
  return window.navigator.languages?.[0] ?? window.navigator.language;
}
