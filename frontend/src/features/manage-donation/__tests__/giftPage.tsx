import type { DonorGift } from '@stichting/contracts';
import { ensureNamespaces } from '../../../i18n/i18n';
import { renderAt } from '../../../test/render';
import { MyGiftPanel } from '../MyGiftPanel';

/** What the tests of the donor's own page share (docs/product.md §7.10): a gift, a JSON answer, the page in English. */
export const GIFT: DonorGift = {
  language: 'en',
  amountCents: 2500,
  status: 'active',
  startedAt: '2026-01-15T09:00:00.000Z',
  pausedUntil: null,
  paymentMethodType: 'sepa_debit',
  nextPaymentAt: '2026-12-15T09:00:00.000Z',
  payments: [{ date: '2026-11-15T09:00:00.000Z', amountCents: 2500, status: 'paid' }],
  periodic: null,
};

export const json = (status: number, body: object) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

export async function renderPanel(onProblem = jest.fn()) {
  await ensureNamespaces('en', ['manageDonation']);
  await renderAt('/en/my-donation', <MyGiftPanel token="tok.en" onProblem={onProblem} />);
  return onProblem;
}
