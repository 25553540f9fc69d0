import type { Language } from './languages';

/**
 * docs/product.md §2.1, §7.10: the address a manage link from an email opens, one per language, below the "manage my
 * donation" page (ROUTES.manageDonation): the server checks the link and sends the donor on to Stripe's customer portal.
 */
export const DONOR_PORTAL_PATHS: Record<Language, string> = {
  nl: '/mijn-donatie/beheren',
  en: '/en/my-donation/manage',
  es: '/es/mi-donacion/gestionar',
};

/** A manage link's token is far shorter; anything longer is refused unread. */
export const DONOR_LINK_TOKEN_MAX_LENGTH = 200;

/**
 * Why a manage link did not open the portal, as the "manage my donation" page shows it (`?link=<problem>`): the link
 * expired, it is not a link of ours (forged, cut off, or its donation is gone), or Stripe could not be reached.
 */
export const DONOR_LINK_PROBLEMS = ['expired', 'invalid', 'unavailable'] as const;
export type DonorLinkProblem = (typeof DONOR_LINK_PROBLEMS)[number];
export const DONOR_LINK_PROBLEM_PARAM = 'link';

/**
 * docs/product.md §7.10: opening a manage link changes nothing and calls nobody. It lands on the "manage my donation"
 * page with the token in the fragment after this key (a fragment never reaches a server or a Referer header); the
 * donor's button then posts it to DONOR_PORTAL_SESSION_PATH, which opens Stripe's portal.
 */
export const DONOR_LINK_TOKEN_FRAGMENT = 'manage';
export const DONOR_PORTAL_SESSION_PATH = '/api/donations/portal-session';

/** The Turnstile action of the "send me a link" form. */
export const DONOR_LINK_TURNSTILE_ACTION = 'donor-link';

/**
 * docs/product.md §2.8: `?topic=<topic>` pre-fills the contact form's subject and message in the page's language
 * (the donor emails link to the contact page this way to arrange a periodic gift).
 */
export const CONTACT_TOPIC_PARAM = 'topic';
export const CONTACT_TOPICS = ['periodic-gift'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
