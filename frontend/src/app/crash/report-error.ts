import { LIMITS } from '@stichting/contracts';

/** docs/product.md §3 "Error report"; POSTed to /api/report-error (docs/product.md §7). */
export interface ErrorReport {
  message: string;
  stack: string;
  componentStack: string;
  url: string;
  userAgent: string;
  timestamp: string;
}

export const REPORT_ERROR_ENDPOINT = '/api/report-error';

const cap = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

export function buildErrorReport(error: unknown, componentStack = ''): ErrorReport {
  const isError = error instanceof Error;
  return {
    message: cap(isError ? error.message : String(error), LIMITS.errorMessage),
    stack: cap((isError && error.stack) || '', LIMITS.errorStack),
    componentStack: cap(componentStack, LIMITS.errorStack),
    url: cap(window.location.href, LIMITS.errorUrl),
    userAgent: cap(window.navigator.userAgent, LIMITS.userAgent),
    timestamp: new Date().toISOString(),
  };
}

/** docs/product.md §8: a report that cannot be delivered is only logged; the visitor sees the crash screen either way. */
export async function sendErrorReport(report: ErrorReport): Promise<void> {
  try {
    const response = await window.fetch(REPORT_ERROR_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    });
    if (!response.ok) console.error(`[crash] error report refused with status ${response.status}`);
  } catch (failure) {
    console.error('[crash] could not send the error report', failure);
  }
}
