import type { Page } from '@playwright/test';
import { E2E_CONTROL_URL } from './ports';

/**
 * The token the Turnstile stand-in hands out, followed by ".<action>" of the widget (backend/test/support/
 * turnstile-stub.ts passToken); the server's verify stub accepts exactly these.
 */
export const E2E_TURNSTILE_TOKEN = 'test-pass-token';

/**
 * Replaces Cloudflare's Turnstile script (an internet service) with a local one speaking the same browser API:
 * render(container, options) -> widget id; execute(id); reset(id); remove(id); getResponse(id).
 * `mode: 'fail'` calls error-callback instead, `mode: 'unavailable'` makes the script fail to load.
 */
export async function stubTurnstile(
  page: Page,
  options: { token?: string; mode?: 'pass' | 'fail' | 'unavailable' } = {},
): Promise<void> {
  const token = options.token ?? E2E_TURNSTILE_TOKEN;
  const mode = options.mode ?? 'pass';
  await page.route('https://challenges.cloudflare.com/**', async (route) => {
    if (mode === 'unavailable') return route.abort('failed');
    const onload = new URL(route.request().url()).searchParams.get('onload');
    const script = `(() => {
      const widgets = new Map();
      let next = 0;
      const run = (id) => {
        const w = widgets.get(id);
        if (!w) return;
        setTimeout(() => {
          if (${JSON.stringify(mode)} === 'fail') { w.options['error-callback'] && w.options['error-callback']('300030'); return; }
          // Like a real token, it carries the action the widget declared (siteverify reports it back).
          w.response = ${JSON.stringify(token)} + (w.options.action ? '.' + w.options.action : '');
          w.options.callback && w.options.callback(w.response);
        }, 30);
      };
      window.turnstile = {
        render(container, options) {
          const id = 'stub-' + (++next);
          widgets.set(id, { options: options || {}, response: undefined });
          window.__turnstileRenders = (window.__turnstileRenders || 0) + 1;
          window.__turnstileLastOptions = options;
          if (!options || options.execution !== 'execute') run(id);
          return id;
        },
        execute(id) { run(typeof id === 'string' && widgets.has(id) ? id : [...widgets.keys()].pop()); },
        reset(id) { window.__turnstileResets = (window.__turnstileResets || 0) + 1; const w = widgets.get(id); if (w) w.response = undefined; },
        remove(id) { widgets.delete(id); },
        getResponse(id) { const w = widgets.get(id); return w && w.response; },
        ready(cb) { cb(); },
      };
      ${onload ? `window[${JSON.stringify(onload)}] && window[${JSON.stringify(onload)}]();` : ''}
    })();`;
    await route.fulfill({ contentType: 'application/javascript', body: script });
  });
}

/** Stripe.js (an internet service) is not reachable in tests: make it fail to load, as it may in real life. */
export async function blockStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.abort('failed'));
}

export interface ReceivedMail {
  to: string[];
  subject?: string;
  raw: string;
  messageId?: string;
}

/** Messages the loopback SMTP server has received so far. */
export async function receivedMail(): Promise<ReceivedMail[]> {
  return (await (await fetch(`${E2E_CONTROL_URL}/mail`)).json()) as ReceivedMail[];
}

/** Checkout Sessions the Stripe stand-in has created (parameters as sent by the server). */
export async function createdCheckoutSessions(): Promise<Array<{ id: string; params: Record<string, string> }>> {
  return (await (await fetch(`${E2E_CONTROL_URL}/stripe/sessions`)).json()) as Array<{
    id: string;
    params: Record<string, string>;
  }>;
}

/** Customer-portal sessions the Stripe stand-in has created (parameters as sent by the server). */
export async function createdPortalSessions(): Promise<Array<{ id: string; params: Record<string, string> }>> {
  return (await (await fetch(`${E2E_CONTROL_URL}/stripe/portal-sessions`)).json()) as Array<{
    id: string;
    params: Record<string, string>;
  }>;
}

/** Makes the Stripe stand-in hold `subscription` (as GET /v1/subscriptions/:id answers it from now on). */
export async function stripeHasSubscription(subscription: { id: string }): Promise<void> {
  await fetch(`${E2E_CONTROL_URL}/stripe/subscriptions`, { method: 'POST', body: JSON.stringify(subscription) });
}

/** The subscription as the Stripe stand-in has it now (after the site's changes). */
export async function stripeSubscription(id: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${E2E_CONTROL_URL}/stripe/subscriptions/${id}`)).json()) as Record<string, unknown>;
}

/** Every call the site made to the Stripe stand-in, oldest first (form-encoded bodies as sent). */
export async function stripeRequests(): Promise<Array<{ method: string; path: string; body: string }>> {
  return (await (await fetch(`${E2E_CONTROL_URL}/stripe/requests`)).json()) as Array<{
    method: string;
    path: string;
    body: string;
  }>;
}
