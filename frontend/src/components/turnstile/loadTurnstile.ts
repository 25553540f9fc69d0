/**
 * Loads Cloudflare's Turnstile script once per page, on demand (docs/product.md §7: "loads on demand"): nothing is fetched
 * until a form is touched or submitted.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/**
 * docs/product.md §8.3: why a bot check failed, in English for logs and error reports. A page shows the reason in its
 * own language (FORM_MESSAGES[language].turnstileReasons, components/forms/messages.ts).
 */
export const TURNSTILE_REASONS = {
  expired: 'Token expired',
  timeout: 'Verification timeout',
  scriptFailed: 'Failed to load Turnstile script',
  notLoaded: 'Turnstile failed to load',
  noContainer: 'Turnstile container not available',
} as const;

export type TurnstileReason = keyof typeof TURNSTILE_REASONS;

/** A failed bot check: `reason` keys the visitor's text, `message` is the English reason of docs/product.md §8.3. */
export class TurnstileError extends Error {
  constructor(readonly reason: TurnstileReason) {
    super(TURNSTILE_REASONS[reason]);
    this.name = 'TurnstileError';
  }
}

export interface TurnstileRenderOptions {
  sitekey: string;
  execution: 'render' | 'execute';
  appearance: 'always' | 'execute' | 'interaction-only';
  language: string;
  /** Reported back by siteverify; the server accepts the token only for the form that declared it. */
  action?: string;
  'refresh-expired'?: 'auto' | 'manual' | 'never';
  'response-field'?: boolean;
  callback?: (token: string) => void;
  'error-callback'?: (code?: string) => boolean | void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
}

/** The part of Cloudflare's browser API we use. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const ONLOAD_CALLBACK = '__onTurnstileLoad';
/** How long the script may take to define window.turnstile after it has loaded. */
const API_READY_TIMEOUT_MS = 5_000;
let loading: Promise<TurnstileApi> | undefined;

/** Resolves with window.turnstile, adding the script the first time. A failed load may be retried. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (typeof window === 'undefined') return Promise.reject(new TurnstileError('notLoaded'));
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const fail = (reason: TurnstileReason) => {
      loading = undefined;
      script.remove();
      reject(new TurnstileError(reason));
    };
    const done = () => (window.turnstile ? resolve(window.turnstile) : fail('notLoaded'));
    // render=explicit: we render the widget ourselves; onload: Turnstile calls it once its API is ready.
    (window as unknown as Record<string, unknown>)[ONLOAD_CALLBACK] = done;
    const script = document.createElement('script');
    script.src = `${TURNSTILE_SCRIPT_URL}?render=explicit&onload=${ONLOAD_CALLBACK}`;
    script.async = true;
    script.addEventListener('error', () => fail('scriptFailed'));
    script.addEventListener('load', () => {
      if (window.turnstile) return done();
      setTimeout(done, API_READY_TIMEOUT_MS);
    });
    document.head.appendChild(script);
  });
  return loading;
}
