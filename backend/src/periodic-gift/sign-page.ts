import { ROUTES, type Language } from '@stichting/contracts';

/**
 * The page every agreement link opens (docs/product.md §4.9): it reads the link's purpose with a POST and shows the
 * step (verify, sign, countersign, start the debits). The token travels in the fragment, which never reaches a server.
 */
export function signPageUrl(publicBaseUrl: string, language: Language, token: string): string {
  return `${publicBaseUrl}${ROUTES.periodicGiftSign[language]}#token=${token}`;
}
