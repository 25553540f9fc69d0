import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Language, TurnstileAction } from '@stichting/contracts';
import { turnstileSiteKey } from '../runtime-config';
import { useLanguage } from '../useLanguage';
import { loadTurnstile, TurnstileError, type TurnstileApi } from './loadTurnstile';

/** docs/product.md §7: the widget speaks the page's language. */
const WIDGET_LANGUAGE: Record<Language, string> = { nl: 'nl-nl', en: 'en-us', es: 'es-es' };

/** Longest wait for a token once the check has started (an interactive challenge included). */
const TOKEN_TIMEOUT_MS = 60_000;

export interface Turnstile {
  /**
   * Runs the bot check and resolves with a fresh token for one submission. Rejects with a TurnstileError whose
   * `reason` is one of docs/product.md §8.3 (expired, timeout, scriptFailed, notLoaded, noContainer), which the page
   * shows in its own language (FORM_MESSAGES[language].turnstileReasons).
   */
  getToken: () => Promise<string>;
  /** Discards the used token; call after every submission, successful or not (docs/product.md §4). */
  reset: () => void;
  /** Starts loading the script; call on the form's first focus or pointer-down (onFocus / onPointerDown). */
  preload: () => void;
  /** Render this inside the form: the widget lives here (invisible unless Cloudflare asks for an interaction). */
  container: ReactNode;
}

/**
 * The shared bot check for every form (volunteer, contact, get help, donate).
 *
 *   const turnstile = useTurnstile('contact');
 *   <form onFocus={turnstile.preload} onPointerDown={turnstile.preload} onSubmit={...}>
 *     ...fields...
 *     {turnstile.container}
 *   </form>
 *   // on submit:
 *   try { const token = await turnstile.getToken(); await send({ ..., turnstileToken: token }); }
 *   catch (error) { if (error instanceof TurnstileError) show(messages.securityHeading, messages.turnstileReasons[error.reason]); }
 *   finally { turnstile.reset(); }
 *
 * Nothing is downloaded at page load; the site key comes from <meta name="turnstile-site-key">. The widget is
 * rendered once, invisibly (`execution: 'execute'`, `appearance: 'interaction-only'`), and executed per token.
 * `action` names the form (its type, or "donate"): Cloudflare ties the token to it and the server checks it.
 */
export function useTurnstile(action: TurnstileAction): Turnstile {
  const language = useLanguage();
  const element = useRef<HTMLDivElement>(null);
  const api = useRef<TurnstileApi | undefined>(undefined);
  const widgetId = useRef<string | undefined>(undefined);
  const pending = useRef<{ resolve(token: string): void; reject(error: Error): void } | undefined>(undefined);
  const inFlight = useRef<Promise<string> | undefined>(undefined);

  const settle = useCallback((outcome: { token: string } | { reason: TurnstileError }) => {
    const waiter = pending.current;
    pending.current = undefined;
    if (!waiter) return;
    if ('token' in outcome) waiter.resolve(outcome.token);
    else waiter.reject(outcome.reason);
  }, []);

  const preload = useCallback(() => {
    loadTurnstile().catch(() => undefined); // the error is reported by getToken()
  }, []);

  const getToken = useCallback((): Promise<string> => {
    inFlight.current ??= (async () => {
      const turnstile = await loadTurnstile();
      api.current = turnstile;
      const container = element.current;
      const sitekey = turnstileSiteKey();
      if (!container) throw new TurnstileError('noContainer');
      if (!sitekey) throw new TurnstileError('notLoaded');
      const token = new Promise<string>((resolve, reject) => {
        pending.current = { resolve, reject };
      });
      const timer = setTimeout(() => settle({ reason: new TurnstileError('timeout') }), TOKEN_TIMEOUT_MS);
      try {
        if (widgetId.current === undefined) {
          widgetId.current = turnstile.render(container, {
            sitekey,
            execution: 'execute',
            appearance: 'interaction-only',
            language: WIDGET_LANGUAGE[language],
            action,
            'refresh-expired': 'manual',
            'response-field': false,
            callback: (value) => settle({ token: value }),
            'error-callback': () => {
              settle({ reason: new TurnstileError('notLoaded') });
              return true; // handled: no automatic retry loop behind the visitor's back
            },
            'expired-callback': () => settle({ reason: new TurnstileError('expired') }),
            'timeout-callback': () => settle({ reason: new TurnstileError('timeout') }),
          });
          if (widgetId.current === undefined) throw new TurnstileError('noContainer');
        }
        turnstile.execute(widgetId.current);
        return await token;
      } finally {
        clearTimeout(timer);
        pending.current = undefined;
      }
    })().finally(() => {
      inFlight.current = undefined;
    });
    return inFlight.current;
  }, [action, language, settle]);

  const reset = useCallback(() => {
    if (api.current && widgetId.current !== undefined) api.current.reset(widgetId.current);
  }, []);

  // The widget's language is fixed at render: drop it when the page language changes, and on unmount.
  useEffect(
    () => () => {
      if (api.current && widgetId.current !== undefined) api.current.remove(widgetId.current);
      widgetId.current = undefined;
    },
    [language],
  );

  const container = useMemo(() => <div ref={element} className="turnstile-container" />, []);
  return useMemo(() => ({ getToken, reset, preload, container }), [getToken, reset, preload, container]);
}
