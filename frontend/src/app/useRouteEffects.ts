import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getI18n } from '../i18n/i18n';
import { applyHead, buildHead } from './metadata';
import { publicBaseUrl } from './runtime-config';
import { useRouteHandle } from './route-handle';

/** Keeps <title>, meta tags, canonical, hreflang and <html lang> in step with the route. */
export function useDocumentHead(): void {
  const handle = useRouteHandle();
  useEffect(() => {
    const language = handle?.language ?? 'nl';
    applyHead(buildHead(handle, getI18n(language).getFixedT(language, 'common'), publicBaseUrl()));
  }, [handle]);
}

/**
 * After a client-side navigation, focus moves to the new page's h1 (or <main>), so screen-reader and keyboard
 * users start at the new content. Not on the first load: the browser's own focus handling applies there.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
}
