import type { DONATION_PLATFORMS, DONATION_SOURCES, DonationFrequency, Language } from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';

export type DonationSource = (typeof DONATION_SOURCES)[number];
export type DonationPlatform = (typeof DONATION_PLATFORMS)[number];

/** docs/product.md §3 donation form data, as the visitor fills it in (empty string = not given). */
export interface DonationDetails {
  name: string;
  email: string;
  message: string;
  source: DonationSource | '';
  platform: DonationPlatform | '';
  referral: 'yes' | 'no' | '';
  referrerName: string;
  referrerEmail: string;
}

export const EMPTY_DONATION_DETAILS: DonationDetails = {
  name: '',
  email: '',
  message: '',
  source: '',
  platform: '',
  referral: '',
  referrerName: '',
  referrerEmail: '',
};

/** docs/product.md §7: the body of POST /api/create-checkout-session (empty strings for absent values). */
export interface CheckoutSessionRequest extends DonationDetails {
  /** Euro per month, or once. */
  amount: number;
  /** docs/product.md §4.1: absent means monthly. */
  frequency?: DonationFrequency;
  language: Language;
  turnstileToken: string;
}

export const CHECKOUT_SESSION_ENDPOINT = '/api/create-checkout-session';

/** docs/product.md §8, word for word: these messages end up inside the visitor's alert. */
export const CHECKOUT_ERRORS = {
  failed: 'Failed to create checkout session',
  nonJsonStatus: (status: number) => `Server returned ${status} with non-JSON response`,
  nonJson: 'Server returned non-JSON response',
  noUrl: 'No checkout URL received from server',
} as const;

/**
 * Asks the server for a Stripe Checkout Session and resolves with its URL. Rejects with an Error whose message is
 * one of docs/product.md §8's texts (or the server's own `error`), ready to be put into the donation alert.
 */
export async function createCheckoutSession(request: CheckoutSessionRequest): Promise<string> {
  const result = await postJson(CHECKOUT_SESSION_ENDPOINT, request);
  if (result.kind === 'network') throw new Error(result.error);
  if (result.kind !== 'ok') {
    if (!result.body) throw new Error(CHECKOUT_ERRORS.nonJsonStatus(result.status));
    throw new Error(result.error ?? CHECKOUT_ERRORS.failed);
  }
  if (!result.body) throw new Error(CHECKOUT_ERRORS.nonJson);
  const url = textOf(result.body, 'url');
  if (!url) throw new Error(CHECKOUT_ERRORS.noUrl);
  return url;
}
