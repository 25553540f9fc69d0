import type { DONOR_LINK_TURNSTILE_ACTION } from './donor-links';
import type { SubmissionType } from './forms';
import type { PERIODIC_GIFT_TURNSTILE_ACTION } from './periodic-gift';

/** The Turnstile action of the donate page's widget (checkout). */
export const DONATE_TURNSTILE_ACTION = 'donate';

/**
 * The action each widget declares when it renders: the form's type, "donate", "donor-link" or "periodic-gift". Cloudflare reports it back with
 * the token's verification and the server checks it, so a token solved on one form cannot be spent on another.
 * (Cloudflare allows up to 32 characters of letters, digits, "-" and "_".)
 */
export type TurnstileAction =
  | SubmissionType
  | typeof DONATE_TURNSTILE_ACTION
  | typeof DONOR_LINK_TURNSTILE_ACTION
  | typeof PERIODIC_GIFT_TURNSTILE_ACTION;
