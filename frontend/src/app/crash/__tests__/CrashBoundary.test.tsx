import { render, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { CrashBoundary } from '../CrashBoundary';
import { REPORT_ERROR_ENDPOINT } from '../report-error';

function Broken(): never {
  throw new Error('kapot');
}

describe('CrashBoundary', () => {
  const originalFetch = window.fetch.bind(window);
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
      // The stack names the component that threw; Preact's renderer gives no component stack (docs/architecture.md §3.2).
      stack: expect.stringMatching(/kapot[\s\S]*Broken/),
      componentStack: '',
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

describe('CrashBoundary with a fallback and a reset key (the router-level error screen)', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.fetch = jest.fn().mockResolvedValue(new Response(null, { status: 202 }));
  });
  afterEach(() => consoleError.mockRestore());

  function MaybeBroken({ broken }: { broken: boolean }) {
    if (broken) throw new Error('chunk failed to load');
    return <p>page content</p>;
  }

  test('shows the fallback until the visitor navigates, then renders the page again', async () => {
    const fallback = (error: unknown) => <p role="alert">{(error as Error).message}</p>;
    const view = render(
      <CrashBoundary resetKey="/a" fallback={fallback}>
        <MaybeBroken broken />
      </CrashBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed to load');

    // Same path: the error stays (nothing would have changed).
    view.rerender(
      <CrashBoundary resetKey="/a" fallback={fallback}>
        <MaybeBroken broken={false} />
      </CrashBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();

    // Another path: the boundary tries again.
    view.rerender(
      <CrashBoundary resetKey="/b" fallback={fallback}>
        <MaybeBroken broken={false} />
      </CrashBoundary>,
    );
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
