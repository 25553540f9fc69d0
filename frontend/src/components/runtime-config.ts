import { BASE_URL_TOKEN, TURNSTILE_SITE_KEY_TOKEN, withoutTrailingSlashes } from '@stichting/contracts';

/**
 * Runtime settings the server writes into every page (<meta name="public-base-url">, <meta name="turnstile-site-key">):
 * one build serves any domain. Before substitution (vite dev, a static preview) the token is still there.
 */
function readMeta(name: string, token: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  return value && value !== token ? value : undefined;
}

/** The public base URL without a trailing slash (canonical and share links). */
export function publicBaseUrl(): string {
  return withoutTrailingSlashes(readMeta('public-base-url', BASE_URL_TOKEN) ?? window.location.origin);
}

/** The Turnstile site key for the forms, or undefined when the server has none configured. */
export function turnstileSiteKey(): string | undefined {
  return readMeta('turnstile-site-key', TURNSTILE_SITE_KEY_TOKEN);
}
