import { exampleFactFields, type FoundationFacts } from './foundation-facts';
import facts from './foundation.generated.json';

export * from './foundation-facts';

/**
 * The foundation's identity (name, KvK, RSIN, bank, address, contact addresses, social links, documents, credit),
 * from `foundation.json` at the repository root as the build step `scripts/foundation/apply.mjs` checked and copied
 * it (docs/configuration.md, "The foundation's facts"). Pages, emails and statements read it from here.
 */
export const FOUNDATION: FoundationFacts = facts;

/** The fields still at their shipped example value; the site shows an "example data" ribbon while any is. */
export const FOUNDATION_EXAMPLE_FIELDS: readonly string[] = exampleFactFields(FOUNDATION);

/**
 * Prerendered HTML carries this token wherever the public base URL belongs (canonical, hreflang, Open Graph);
 * the server replaces it with PUBLIC_BASE_URL when it loads the pages, so one build serves any domain.
 */
export const BASE_URL_TOKEN = '__PUBLIC_BASE_URL__';
/** Likewise for the Turnstile site key, a runtime setting. */
export const TURNSTILE_SITE_KEY_TOKEN = '__TURNSTILE_SITE_KEY__';
