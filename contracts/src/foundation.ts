/**
 * The foundation's identity, in one place. Values marked PLACEHOLDER are examples the foundation replaces once
 * (registration numbers, bank details, addresses, social and PDF links); everything else reads them from here.
 */
export const FOUNDATION = {
  name: 'Stichting Samen Verder', // PLACEHOLDER: legal name as registered with the Chamber of Commerce
  shortName: 'Samen Verder', // PLACEHOLDER
  kvk: '00000000', // PLACEHOLDER: Chamber of Commerce (KvK) number
  rsin: '000000000', // PLACEHOLDER: RSIN / fiscal number
  iban: 'NL00 BANK 0000 0000 00', // PLACEHOLDER
  bic: 'BANKNL2A', // PLACEHOLDER
  address: { street: 'Voorbeeldstraat 1', postalCode: '1781 AA', city: 'Den Helder', country: 'Nederland' }, // PLACEHOLDER
  emails: {
    nl: 'info@stichting-samenverder.nl', // PLACEHOLDER: Dutch-named contact address (docs/product.md §2 Contact)
    other: 'contact@stichting-samenverder.nl', // PLACEHOLDER: English-named address for en and es
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/stichting-samen-verder', // PLACEHOLDER
    x: 'https://x.com/samenverder', // PLACEHOLDER
    facebook: 'https://www.facebook.com/stichtingsamenverder', // PLACEHOLDER
    instagram: 'https://www.instagram.com/stichtingsamenverder', // PLACEHOLDER
  },
  /** External PDFs per language (docs/product.md §7: privacy and terms are external links). */
  documents: {
    privacy: {
      nl: 'https://docs.stichting-samenverder.nl/privacybeleid.pdf', // PLACEHOLDER
      en: 'https://docs.stichting-samenverder.nl/privacy-policy.pdf', // PLACEHOLDER
      es: 'https://docs.stichting-samenverder.nl/politica-de-privacidad.pdf', // PLACEHOLDER
    },
    terms: {
      nl: 'https://docs.stichting-samenverder.nl/algemene-voorwaarden.pdf', // PLACEHOLDER
      en: 'https://docs.stichting-samenverder.nl/terms-and-conditions.pdf', // PLACEHOLDER
      es: 'https://docs.stichting-samenverder.nl/terminos-y-condiciones.pdf', // PLACEHOLDER
    },
    policyPlan: {
      nl: 'https://docs.stichting-samenverder.nl/beleidsplan-2025.pdf', // PLACEHOLDER
      en: 'https://docs.stichting-samenverder.nl/policy-plan-2025.pdf', // PLACEHOLDER
      es: 'https://docs.stichting-samenverder.nl/plan-de-politica-2025.pdf', // PLACEHOLDER
    },
  },
  policyPlanYear: 2025,
  annualReportYear: 2025,
  builderCredit: { name: 'Gebouwd door vrijwilligers', url: 'https://github.com/' }, // PLACEHOLDER
} as const;

/**
 * Prerendered HTML carries this token wherever the public base URL belongs (canonical, hreflang, Open Graph);
 * the server replaces it with PUBLIC_BASE_URL when it loads the pages, so one build serves any domain.
 */
export const BASE_URL_TOKEN = '__PUBLIC_BASE_URL__';
/** Likewise for the Turnstile site key, a runtime setting. */
export const TURNSTILE_SITE_KEY_TOKEN = '__TURNSTILE_SITE_KEY__';
