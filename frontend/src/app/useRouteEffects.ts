import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { ensureNamespaces, headStrings } from '../i18n/i18n';
import { applyHead, buildHead } from './metadata';
import { useRouteHandle } from '../components/route-handle';
import { publicBaseUrl } from '../components/runtime-config';

/**
 * Keeps <title>, meta tags, canonical, hreflang and <html lang> in step with the route. The prerendered head is already
 * right for the page the visitor opened; the page titles and descriptions (namespace 'pageMeta') download with the first
 * navigation inside the site, an error page's strings ('errorPages') with its route.
 */
export function useDocumentHead(): void {
  const handle = useRouteHandle();
  const opened = useRef(handle);
  useEffect(() => {
    if (handle === opened.current) return;
    opened.current = undefined;
    const language = handle?.language ?? 'nl';
    let current = true;
    void ensureNamespaces(language, [handle?.page ? 'pageMeta' : 'errorPages']).then(() => {
      if (current) applyHead(buildHead(handle, headStrings(language), publicBaseUrl()));
    });
    return () => {
      current = false;
    };
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

const SCROLL_KEY = 'scroll-positions';
/** Scroll position per history entry (location.key), kept for the session so a reload lands where it was. */
const positions = new Map<string, number>(readStoredPositions());
let currentKey = '';

function readStoredPositions(): Array<[string, number]> {
  try {
    if (typeof window === 'undefined') return [];
    return JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '[]') as Array<[string, number]>;
  } catch {
    return [];
  }
}

function rememberPositions(): void {
  try {
    window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage may be disabled; positions then last for this page view only.
  }
}

/**
 * Scrolling as a multi-page site would: a new page starts at the top (or at its #anchor); back and forward
 * return to where the visitor was on that entry.
 */
export function useScrollOnNavigation(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const isFirstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => positions.set(currentKey, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', rememberPositions);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', rememberPositions);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = key;
    const saved = positions.get(key);
    if (isFirstRender.current) {
      isFirstRender.current = false;
      if (navigationType === NavigationType.Pop && saved !== undefined && !hash) window.scrollTo(0, saved); // a reload
      return;
    }
    // Not `return window.scrollTo(…)`: Chromium's scroll methods now return a promise, which the renderer would take
    // for the effect's cleanup and call on the next navigation ("destroy is not a function", the page crashed).
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}
