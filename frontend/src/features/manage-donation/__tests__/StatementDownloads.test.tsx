import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GIFT, json, renderPanel } from './giftPage';

const pdf = () =>
  Promise.resolve(
    new Response('%PDF-1.7 statement', {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="gift-statement-2026.pdf"',
      },
    }),
  );

/** The page's POSTs: the gift, the statement years (`years`), and the statement itself (`download`). */
function serve(years: number[], download: () => Promise<Response> = pdf) {
  // `init` is read back from the recorded calls.
  const fetchMock = jest.fn((path: string, _init: RequestInit) => {
    if (path === '/api/donations/statement-years') return json(200, { success: true, years });
    if (path === '/api/donations/statement') return download();
    return json(200, { success: true, gift: GIFT });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** What reached the browser's downloads: the object URL's file and the temporary link's name. */
function watchDownloads() {
  const saved: { file: Blob; name: string }[] = [];
  let file: Blob | undefined;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    file = blob;
    return 'blob:statement';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ file: file!, name: this.download });
  });
  return saved;
}

afterEach(() => jest.restoreAllMocks());

// docs/product.md §7.10: the yearly statement of each year with gifts, from the donor's own page.
describe('My gift: yearly statement', () => {
  test('lists one download button per year with gifts, newest first, asked with the token and language', async () => {
    const fetchMock = serve([2026, 2025]);
    await renderPanel();
    const list = await screen.findByRole('list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Download the statement of 2026',
      'Download the statement of 2025',
    ]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const call = fetchMock.mock.calls.find(([path]) => path === '/api/donations/statement-years')!;
    expect([call[1].method, JSON.parse(call[1].body as string)]).toEqual(['POST', { token: 'tok.en', language: 'en' }]);
  });

  test('with no gift yet, a short line says there is no statement yet, and there is no button', async () => {
    serve([]);
    await renderPanel();
    expect(await screen.findByText(/There is no statement yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download the statement/ })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('a button downloads that year as the PDF the server named, showing that it is busy meanwhile', async () => {
    let answer!: () => void;
    const fetchMock = serve(
      [2026],
      () =>
        new Promise<Response>((resolve) => {
          answer = () => void pdf().then(resolve);
        }),
    );
    const saved = watchDownloads();
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the statement of 2026' }));
    const busy = await screen.findByRole('button', { name: 'Downloading the statement of 2026...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('gift-statement-2026.pdf');
    expect(await saved[0].file.text()).toBe('%PDF-1.7 statement');
    const call = fetchMock.mock.calls.find(([path]) => path === '/api/donations/statement')!;
    expect(JSON.parse(call[1].body as string)).toEqual({ token: 'tok.en', language: 'en', year: 2026 });
    expect(await screen.findByRole('button', { name: 'Download the statement of 2026' })).toBeTruthy();
  });

  test('an expired link hands over to the "ask for a fresh link" form', async () => {
    serve([2026], () => json(403, { success: false, error: 'This link has expired.', problem: 'expired' }));
    const onProblem = await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the statement of 2026' }));
    await waitFor(() => expect(onProblem).toHaveBeenCalledWith('expired'));
  });

  test.each([
    [404, 'There are no gifts in 2026 to list.'],
    [429, 'You asked for many statements in a short time.'],
    [503, 'The statement of 2026 could not be downloaded just now.'],
  ])('a refusal (%i) says so in the page language', async (status, message) => {
    serve([2026], () => json(status, { success: false, error: 'refused' }));
    const saved = watchDownloads();
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the statement of 2026' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(saved).toEqual([]);
  });
});
