import type { DONATION_PLATFORMS, DONATION_SOURCES, Language } from '@stichting/contracts';

export type DonationSource = (typeof DONATION_SOURCES)[number];
export type DonationPlatform = (typeof DONATION_PLATFORMS)[number];

/** spec §3 donation form data, as the visitor fills it in (empty string = not given). */
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

/** spec §7: the body of POST /api/create-checkout-session (empty strings for absent values). */
export interface CheckoutSessionRequest extends DonationDetails {
  /** Euro per month. */
  amount: number;
  language: Language;
  turnstileToken: string;
}

export const CHECKOUT_SESSION_ENDPOINT = '/api/create-checkout-session';

/** spec §8, word for word: these messages end up inside the visitor's alert. */
export const CHECKOUT_ERRORS = {
  failed: 'Failed to create checkout session',
  nonJsonStatus: (status: number) => `Server returned ${status} with non-JSON response`,
  nonJson: 'Server returned non-JSON response',
  noUrl: 'No checkout URL received from server',
} as const;

async function readJson(response: Response): Promise<{ ok: true; body: unknown } | { ok: false }> {
  if (!(response.headers.get('content-type') ?? '').toLowerCase().includes('application/json')) return { ok: false };
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return { ok: false };
  }
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Asks the server for a Stripe Checkout Session and resolves with its URL. Rejects with an Error whose message is
 * one of spec §8's texts (or the server's own `error`), ready to be put into the donation alert.
 */
export async function createCheckoutSession(request: CheckoutSessionRequest): Promise<string> {
  const response = await fetch(CHECKOUT_SESSION_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request),
  });
  const json = await readJson(response);
  if (!response.ok) {
    if (!json.ok) throw new Error(CHECKOUT_ERRORS.nonJsonStatus(response.status));
    throw new Error(field(json.body, 'error') ?? CHECKOUT_ERRORS.failed);
  }
  if (!json.ok) throw new Error(CHECKOUT_ERRORS.nonJson);
  const url = field(json.body, 'url');
  if (!url) throw new Error(CHECKOUT_ERRORS.noUrl);
  return url;
}
