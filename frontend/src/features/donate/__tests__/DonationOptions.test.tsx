import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { ensureNamespaces } from '../../../i18n/i18n';
import { renderAt } from '../../../test/render';
import { DonationOptions } from '../components/DonationOptions';
import { MonthlyDonation } from '../components/MonthlyDonation';

/**
 * The five monthly tiers (docs/product.md §4.1, §9.2) as each language writes them, and the amount choosing one
 * carries: "€ 1.000" is a thousand euro in Dutch, not one.
 */
const TIERS = [
  {
    path: '/doneer',
    perMonth: 'per maand',
    labels: ['€ 250', '€ 500', '€ 1.000', '€ 2.500', '€ 5.000'],
    summary: 'Je geeft € 2.500 per maand',
  },
  {
    path: '/en/donate',
    perMonth: 'per month',
    labels: ['€250', '€500', '€1,000', '€2,500', '€5,000'],
    summary: 'You give €2,500 per month',
  },
  {
    path: '/es/donar',
    perMonth: 'al mes',
    labels: ['250 €', '500 €', '1000 €', '2500 €', '5000 €'],
    summary: 'Donas 2500 € al mes',
  },
];
const AMOUNTS = [250, 500, 1000, 2500, 5000];

async function renderIn(path: string, ui: ReactNode) {
  await ensureNamespaces(path.startsWith('/en') ? 'en' : path.startsWith('/es') ? 'es' : 'nl', ['donate']);
  return renderAt(path, ui);
}

/** What a visitor reads on a tier button, with the no-break spaces of the number format as plain spaces. */
const amountText = (button: HTMLElement) =>
  button.querySelector('.donation-tier__amount')!.textContent.replace(/\u00a0/g, ' ');

describe('monthly tiers', () => {
  test.each(TIERS)('$path: each tier shows its amount and chooses exactly that amount', async (tiers) => {
    const onChoose = jest.fn();
    await renderIn(tiers.path, <DonationOptions onChoose={onChoose} />);
    const buttons = screen.getAllByRole('button', { name: new RegExp(tiers.perMonth) });
    expect(buttons.map(amountText)).toEqual(tiers.labels.map((label) => `${label} ${tiers.perMonth}`));
    for (const button of buttons) fireEvent.click(button);
    expect(onChoose.mock.calls).toEqual(AMOUNTS.map((amount) => [amount]));
  });

  test.each(TIERS)('$path: the details form confirms the chosen tier in the same notation', async (tiers) => {
    await renderIn(tiers.path, <MonthlyDonation />);
    fireEvent.click(screen.getAllByRole('button', { name: new RegExp(tiers.perMonth) })[3]);
    const summary = document.querySelector('.donation-form__summary')!.textContent.replace(/\u00a0/g, ' ');
    expect(summary).toBe(tiers.summary);
  });
});
