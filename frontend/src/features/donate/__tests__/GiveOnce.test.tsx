import { fireEvent, screen } from '@testing-library/react';
import { ensureNamespaces } from '../../../i18n/i18n';
import { renderAt } from '../../../test/render';
import { MonthlyDonation } from '../components/MonthlyDonation';

async function renderSection(path = '/en/donate') {
  await ensureNamespaces(path.startsWith('/en') ? 'en' : path.startsWith('/es') ? 'es' : 'nl', ['donate']);
  return renderAt(path, <MonthlyDonation />);
}

const tierLabels = () => [...document.querySelectorAll('.donation-tier__amount')].map((node) => node.textContent);

describe('give once (docs/product.md §4.1)', () => {
  test('monthly is chosen by default; "Once" shows the one-off amounts and says once in the form', async () => {
    await renderSection();
    const monthly = screen.getByRole<HTMLInputElement>('radio', { name: 'Monthly' });
    const once = screen.getByRole<HTMLInputElement>('radio', { name: 'Once' });
    expect(screen.getByRole('group', { name: 'How would you like to give?' })).toBeTruthy();
    expect([monthly.checked, once.checked]).toEqual([true, false]);
    expect(tierLabels()).toEqual([
      '€250 per month',
      '€500 per month',
      '€1,000 per month',
      '€2,500 per month',
      '€5,000 per month',
    ]);

    fireEvent.click(once);
    expect(screen.getByRole('heading', { name: 'Choose your gift' })).toBeTruthy();
    expect(tierLabels()).toEqual(['€25', '€50', '€100', '€250']);
    expect(screen.getByRole('list', { name: 'Amounts for a one-off gift' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /€50/ }));
    expect(screen.getByText('You give €50 once')).toBeTruthy();
    expect(screen.getByText(/iDEAL \| Wero, Bancontact or a card/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your details' }));

    // Back keeps the frequency; the custom amount works the same way.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Once' }).checked).toBe(true);
    fireEvent.input(screen.getByLabelText('Amount in euros'), { target: { value: '7,50' } });
    fireEvent.submit(screen.getByLabelText('Amount in euros').closest('form')!);
    expect(screen.getByText('You give €7.50 once')).toBeTruthy();
  });

  test.each([
    ['/doneer', 'Eenmalig', 'Je geeft eenmalig € 25', 'Voor een gift boven € 10.000'],
    ['/es/donar', 'Una vez', 'Donas 25 € una vez', 'Para una donación de más de 10.000'],
  ])(
    '%s: the one-off wording and the pointer to the contact page above the maximum',
    async (path, once, summary, above) => {
      await renderSection(path);
      fireEvent.click(screen.getByRole('radio', { name: once }));
      fireEvent.input(screen.getByRole('textbox'), { target: { value: '10000,01' } });
      fireEvent.submit(screen.getByRole('textbox').closest('form')!);
      expect(screen.getByRole('status').textContent?.replace(/\s/g, ' ')).toContain(above);
      fireEvent.click(document.querySelector<HTMLButtonElement>('.donation-tier')!);
      expect(document.querySelector('.donation-form__summary')?.textContent?.replace(/\s/g, ' ')).toBe(summary);
    },
  );
});
