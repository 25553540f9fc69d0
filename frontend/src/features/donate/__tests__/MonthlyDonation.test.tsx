import { act, fireEvent, screen } from '@testing-library/react';
import { ensureNamespaces } from '../../../i18n/i18n';
import { renderAt } from '../../../test/render';
import { MonthlyDonation } from '../components/MonthlyDonation';

async function renderSection(path = '/en/donate') {
  await ensureNamespaces(path.startsWith('/en') ? 'en' : path.startsWith('/es') ? 'es' : 'nl', ['donate']);
  return renderAt(path, <MonthlyDonation />);
}

describe('MonthlyDonation (docs/product.md §4, §5)', () => {
  let alert: jest.SpyInstance;
  beforeEach(() => {
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alert.mockRestore());

  test.each([
    ['/doneer', 'Voer een geldig bedrag in (minimum €5)'],
    ['/en/donate', 'Please enter a valid amount (minimum €5)'],
    ['/es/donar', 'Por favor ingresa un monto válido (mínimo €5)'],
  ])('%s: an invalid custom amount alerts "%s"', async (path, text) => {
    await renderSection(path);
    for (const value of ['4,99', 'abc', '']) {
      fireEvent.input(screen.getByRole('textbox'), { target: { value } });
      fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    }
    expect(alert.mock.calls).toEqual([[text], [text], [text]]);
  });

  test.each([
    ['/doneer', 'Voor een maandelijkse gift boven € 10.000', 'Neem contact op', '/contact'],
    ['/en/donate', 'For a monthly gift above €10,000', 'Contact us', '/en/contact'],
    ['/es/donar', 'Para una donación mensual de más de 10.000', 'Contáctanos', '/es/contacto'],
  ])(
    '%s: above €10,000 a month points to the contact page instead of starting the gift',
    async (path, text, link, href) => {
      await renderSection(path);
      fireEvent.input(screen.getByRole('textbox'), { target: { value: '10000,01' } });
      fireEvent.submit(screen.getByRole('textbox').closest('form')!);
      expect(alert).not.toHaveBeenCalled();
      expect(screen.getByRole('status').textContent?.replace(/\s/g, ' ')).toContain(text);
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(href);
      // €10,000 itself is a gift like any other.
      fireEvent.input(screen.getByRole('textbox'), { target: { value: '10000' } });
      fireEvent.submit(screen.getByRole('textbox').closest('form')!);
      expect(screen.queryByRole('link', { name: link })).toBeNull();
    },
  );

  test('a custom "7,50" opens the details form with the amount, focused on its heading', async () => {
    await renderSection();
    fireEvent.input(screen.getByRole('textbox'), { target: { value: '7,50' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText('You give €7.50 per month')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your details' }));
  });

  test('platform only for social media, referrer name only for yes; Back clears everything', async () => {
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: /€1,000 per month/ }));
    expect(screen.getByText('You give €1,000 per month')).toBeTruthy();
    expect(screen.queryByLabelText(/Which platform/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/How did you hear/), { target: { value: 'social_media' } });
    expect(screen.getByLabelText(/Which platform/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/How did you hear/), { target: { value: 'google' } });
    expect(screen.queryByLabelText(/Which platform/)).toBeNull();

    const yes = screen.getByRole<HTMLInputElement>('radio', { name: 'Yes' });
    const no = screen.getByRole<HTMLInputElement>('radio', { name: 'No' });
    expect([yes.checked, no.checked]).toEqual([false, false]);
    expect(screen.queryByLabelText(/Name of the person/)).toBeNull();
    fireEvent.click(yes);
    expect(screen.getByLabelText(/Name of the person/)).toBeTruthy();
    fireEvent.click(no);
    expect(screen.queryByLabelText(/Name of the person/)).toBeNull();

    fireEvent.input(screen.getByLabelText(/Email address \*/), { target: { value: 'x@example.org' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await Promise.resolve();
    });
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /€250 per month/ }));
    expect(screen.getByLabelText<HTMLInputElement>(/Email address \*/).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>(/How did you hear/).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'No' }).checked).toBe(false);
  });
});
