import { fireEvent, screen } from '@testing-library/react';
import type { DonorGift } from '@stichting/contracts';
import { GIFT, json, renderPanel } from './giftPage';

const PERIODIC: DonorGift = {
  ...GIFT,
  amountCents: 25_000,
  periodic: {
    transactionNumber: 'PG-2026-00042',
    firstYear: 2026,
    lastYear: 2030,
    endClauses: ['jobLoss'],
    stoppedAt: null,
  },
};

function serve(gift: DonorGift) {
  const fetchMock = jest.fn((path: string) =>
    path === '/api/donations/gift' ? json(200, { success: true, gift }) : json(200, { success: true }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

// docs/product.md §7.10: a gift that pays a periodieke gift (docs/product.md §4.9).
describe('My gift: a periodic gift', () => {
  test('shows its transaction number and term, and offers no new amount and no pause', async () => {
    serve(PERIODIC);
    await renderPanel();
    expect((await screen.findByTestId('gift-transaction-number')).textContent).toBe('PG-2026-00042');
    expect(screen.getByText('2026 to 2030')).toBeTruthy();
    expect(screen.getByText(/its amount cannot be changed and it cannot be paused/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change my amount' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause my gift' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'About the periodic gift' })).toBeNull();
  });

  test('until death reads as such', async () => {
    serve({ ...PERIODIC, periodic: { ...PERIODIC.periodic!, lastYear: null } });
    await renderPanel();
    expect(await screen.findByText('From 2026 for as long as you live')).toBeTruthy();
  });

  test('stopping asks the reason, says what stopping early means, and sends the reason', async () => {
    const fetchMock = serve(PERIODIC);
    await renderPanel();
    const reason = await screen.findByLabelText('Why do you stop? (required)');
    // Only death, the agreement's own end clause (job loss) and "another reason" are offered.
    expect(Array.from((reason as HTMLSelectElement).options).map((option) => option.value)).toEqual([
      '',
      'death',
      'jobLoss',
      'other',
    ]);
    fireEvent.change(reason, { target: { value: 'jobLoss' } });
    expect(screen.getByTestId('stop-meaning').textContent).toContain('remain periodic gifts');
    fireEvent.change(reason, { target: { value: 'other' } });
    expect(screen.getByTestId('stop-meaning').textContent).toContain('treat the gifts of earlier years as ordinary');
    fireEvent.click(screen.getByRole('button', { name: 'Stop my periodic gift' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, stop my periodic gift' }));
    expect((await screen.findByRole('status')).textContent).toContain('the foundation has been told');
    const stopCall = fetchMock.mock.calls.find(([path]) => path === '/api/donations/gift/stop') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(stopCall[1].body as string)).toEqual({ token: 'tok.en', language: 'en', reason: 'other' });
  });

  test('an ordinary monthly gift links to the periodic gift page', async () => {
    serve(GIFT);
    await renderPanel();
    const link = await screen.findByRole('link', { name: 'About the periodic gift' });
    expect(link.getAttribute('href')).toBe('/en/periodic-gift');
  });
});
