import {
  DONOR_GIFT_PATHS,
  DONOR_LINK_PROBLEMS,
  type DonorGift,
  type DonorGiftAction,
  type DonorLinkProblem,
  type Language,
} from '@stichting/contracts';
import { postJson, textOf } from '../../../components/forms/api';

/**
 * docs/product.md §7.10: what a call of the donor's page came to. `problem`: the link is expired or not good (the page
 * shows the "ask for a fresh link" form); `not-now`: the change does not fit the gift (409); `failed`: try again.
 */
export type GiftOutcome<T> =
  { kind: 'ok'; value: T } | { kind: 'problem'; problem: DonorLinkProblem } | { kind: 'not-now' } | { kind: 'failed' };

async function call<T>(path: string, body: object, read: (body: Record<string, unknown>) => T | undefined) {
  const result = await postJson(path, body);
  if (result.kind === 'ok' && result.body) {
    const value = read(result.body);
    if (value !== undefined) return { kind: 'ok', value } as const;
  }
  const problem = DONOR_LINK_PROBLEMS.find((name) => name === textOf(result.body, 'problem'));
  if (problem && problem !== 'unavailable') return { kind: 'problem', problem } as const;
  if (result.status === 409) return { kind: 'not-now' } as const;
  return { kind: 'failed' } as const;
}

/** `POST /api/donations/gift`: the gift as the foundation's records have it. */
export function readGift(token: string, language: Language): Promise<GiftOutcome<DonorGift>> {
  return call(DONOR_GIFT_PATHS.read, { token, language }, (body) => body.gift as DonorGift | undefined);
}

/** One of the page's actions; the change reaches the gift once Stripe confirms it (the page then re-reads). */
export function changeGift(
  action: Exclude<DonorGiftAction, 'paymentMethod'>,
  token: string,
  language: Language,
  fields: object = {},
): Promise<GiftOutcome<true>> {
  return call(DONOR_GIFT_PATHS[action], { token, language, ...fields }, () => true);
}

/** Where the donor changes the payment method: a Stripe page for that alone. */
export function paymentMethodPage(token: string, language: Language): Promise<GiftOutcome<string>> {
  return call(DONOR_GIFT_PATHS.paymentMethod, { token, language }, (body) => textOf(body, 'url'));
}
