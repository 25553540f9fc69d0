import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GIFT, json, renderPanel } from './giftPage';

/** The page's POSTs, each answered by `answer(path, body)`. */
function serve(answer: (path: string, body: Record<string, unknown>) => Promise<Response>) {
  const fetchMock = jest.fn((path: string, init: RequestInit) =>
    answer(path, JSON.parse(init.body as string) as Record<string, unknown>),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

// docs/product.md §7.10: the donor's own page.
describe('My gift', () => {
  test('reads the gift with a POST and shows it in plain words', async () => {
    const fetchMock = serve(() => json(200, { success: true, gift: GIFT }));
    await renderPanel();
    const heading = await screen.findByRole('heading', { name: 'My gift' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('gift-status').textContent).toContain('Active');
    expect(screen.getByText('Direct debit (SEPA)')).toBeTruthy();
    expect(screen.getByText('15 December 2026')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    const [path, init] = fetchMock.mock.calls[0];
    expect([path, init.method, JSON.parse(init.body as string)]).toEqual([
      '/api/donations/gift',
      'POST',
      { token: 'tok.en', language: 'en' },
    ]);
  });

  test('a paused gift says until when, has no next debit, and offers to resume', async () => {
    serve(() =>
      json(200, {
        success: true,
        gift: { ...GIFT, status: 'paused', pausedUntil: '2027-02-27T10:00:00.000Z', nextPaymentAt: null },
      }),
    );
    await renderPanel();
    expect((await screen.findByTestId('gift-status')).textContent).toContain('Paused until 27 February 2027');
    expect(screen.getByText('None')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume my gift now' })).toBeTruthy();
  });

  test('an expired link hands over to the "ask for a fresh link" form', async () => {
    serve(() => json(403, { success: false, error: 'This link has expired.', problem: 'expired' }));
    const onProblem = await renderPanel();
    await waitFor(() => expect(onProblem).toHaveBeenCalledWith('expired'));
  });

  test('a new amount is posted in cents, confirmed, and the gift read again', async () => {
    const fetchMock = serve((path) =>
      path === '/api/donations/gift' ? json(200, { success: true, gift: GIFT }) : json(200, { success: true }),
    );
    await renderPanel();
    fireEvent.click(await screen.findByRole('radio', { name: 'Other amount (€)' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Other amount (€)' }), { target: { value: '7,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change my amount' }));
    expect((await screen.findByRole('status')).textContent).toContain('your gift is €7.50 a month');
    const amountCall = fetchMock.mock.calls.find(([path]) => path === '/api/donations/gift/amount')!;
    expect(JSON.parse(amountCall[1].body as string)).toEqual({ token: 'tok.en', language: 'en', amountCents: 750 });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([path]) => path === '/api/donations/gift')).toHaveLength(2),
    );
  });

  test('an amount below the minimum is refused on the page, without a call', async () => {
    const fetchMock = serve(() => json(200, { success: true, gift: GIFT }));
    await renderPanel();
    fireEvent.click(await screen.findByRole('radio', { name: 'Other amount (€)' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Other amount (€)' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change my amount' }));
    expect((await screen.findByRole('alert')).textContent).toContain('between €5 and €10,000');
    expect(fetchMock.mock.calls.filter(([path]) => path !== '/api/donations/statement-years')).toHaveLength(1);
  });

  test('stopping asks a second "yes" and sends the chosen reason', async () => {
    const fetchMock = serve((path) =>
      path === '/api/donations/gift' ? json(200, { success: true, gift: GIFT }) : json(200, { success: true }),
    );
    await renderPanel();
    fireEvent.change(await screen.findByLabelText('Would you like to tell us why? (optional)'), {
      target: { value: 'money' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Stop my gift' }));
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/donations/gift/stop')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, stop my monthly gift' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your gift has been stopped');
    const stopCall = fetchMock.mock.calls.find(([path]) => path === '/api/donations/gift/stop')!;
    expect(JSON.parse(stopCall[1].body as string)).toEqual({ token: 'tok.en', language: 'en', reason: 'money' });
  });
});
