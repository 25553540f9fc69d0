import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPath, NavigationType, Router, type Location, type Navigator, type To } from 'react-router';
import { routeHandleFor } from './route-handle';
import { loadRoute } from './routes';

/** What the site keeps in each history entry: the navigation's state and a key for its scroll position. */
interface EntryState {
  usr: unknown;
  key: string;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<EntryState> | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The browser's history as react-router's <Router> reads it, with one difference from its BrowserRouter: the site moves
 * to a new location only once that page's chunk and strings have loaded (or failed to). Until then the current page
 * stays on screen and usable; then everything that reads the location (page, header, focus, scroll, head) changes in
 * the same render, and a later navigation overtakes one still loading. (React did this with a transition inside
 * BrowserRouter; Preact renders at once, docs/architecture.md §9.17.)
 */
export function SiteRouter({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => ({ action: NavigationType.Pop, location: currentLocation() }));
  const latest = useRef(0);
  const { navigator, arrive } = useMemo(() => {
    const arrive = (action: NavigationType) => {
      const location = currentLocation();
      const navigation = ++latest.current;
      const show = () => {
        if (navigation === latest.current) setShown({ action, location });
      };
      // A failed load is shown too: the route then renders the crash screen (app/App.tsx).
      loadRoute(routeHandleFor(location.pathname)).then(show, show);
    };
    const navigator: Navigator = {
      createHref: hrefOf,
      go: (delta) => window.history.go(delta),
      push(to, state) {
        window.history.pushState({ usr: state ?? null, key: newKey() } satisfies EntryState, '', hrefOf(to));
        arrive(NavigationType.Push);
      },
      replace(to, state) {
        window.history.replaceState({ usr: state ?? null, key: newKey() } satisfies EntryState, '', hrefOf(to));
        arrive(NavigationType.Replace);
      },
    };
    return { navigator, arrive };
  }, []);
  useEffect(() => {
    // Back and forward: the browser has already changed the address.
    const onPopState = () => arrive(NavigationType.Pop);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [arrive]);
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
      {children}
    </Router>
  );
}
