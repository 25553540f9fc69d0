import { screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { CrashBoundary } from '../CrashBoundary';
import { REPORT_ERROR_ENDPOINT } from '../report-error';

function Broken(): never {
  throw new Error('kapot');
}

describe('CrashBoundary', () => {
  const originalFetch = window.fetch;
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    // React logs caught render errors; keep the output readable and let the tests inspect the calls.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    window.fetch = originalFetch;
    consoleError.mockRestore();
  });

  test('shows the crash screen and posts the error report', async () => {
    const fetchMock = jest.fn().mockResolvedValue(new Response(null, { status: 202 }));
    window.fetch = fetchMock;
    const { t } = await renderAt(
      '/en/contact',
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );

    expect(await screen.findByRole('heading', { name: t('error.title') })).toBeTruthy();
    expect(screen.getByText(t('error.message'))).toBeTruthy();
    expect(screen.getByRole('button', { name: t('error.reload') })).toBeTruthy();
    expect(screen.getByRole('link', { name: t('error.home') }).getAttribute('href')).toBe('/en');
    expect(t('error.title')).toBe('Something went wrong');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(REPORT_ERROR_ENDPOINT);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    const report = JSON.parse(init.body as string);
    expect(report).toEqual({
      message: 'kapot',
      stack: expect.stringContaining('kapot'),
      componentStack: expect.stringContaining('Broken'),
      url: window.location.href,
      userAgent: window.navigator.userAgent,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  test('a failed report is only logged', async () => {
    window.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    const { t } = await renderAt(
      '/',
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(await screen.findByRole('heading', { name: t('error.title') })).toBeTruthy();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('[crash] could not send the error report', expect.any(TypeError)),
    );
  });

  test('speaks the page language', async () => {
    window.fetch = jest.fn().mockResolvedValue(new Response(null, { status: 202 }));
    await renderAt(
      '/es',
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Recargar la página' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' }).getAttribute('href')).toBe('/es');
  });
});
