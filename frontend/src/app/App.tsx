import { createElement, useMemo } from 'react';
import { useLocation } from 'react-router';
import { TranslationProvider } from '../i18n/react';
import { CrashBoundary } from './crash/CrashBoundary';
import { RouteErrorScreen } from './crash/RouteErrorScreen';
import { Layout } from './Layout';
import { RouteHandleContext, type RouteHandle } from '../components/route-handle';
import { routeHandleFor } from './route-handle';
import { routeComponent } from './routes';

/**
 * The whole site: the path decides the page and the language (docs/product.md §2), so back/forward switch both.
 * The router shows a new location only once its page's chunk and strings have loaded (app/SiteRouter.tsx), so the
 * current page stays on screen meanwhile and the new one replaces it in one render.
 */
export function App() {
  const { pathname } = useLocation();
  const handle = useMemo(() => routeHandleFor(pathname), [pathname]);
  return (
    <RouteHandleContext value={handle}>
      <TranslationProvider language={handle.language}>
        {/* A page chunk that fails to load, or a crash in the layout itself: the generic screen with details. */}
        <CrashBoundary resetKey={pathname} fallback={(error) => <RouteErrorScreen error={error} />}>
          <RoutedLayout handle={handle} />
        </CrashBoundary>
      </TranslationProvider>
    </RouteHandleContext>
  );
}

function RoutedLayout({ handle }: { handle: RouteHandle }) {
  // The same component object for a route every time (cached in routes.tsx), so the page keeps its state.
  const page = routeComponent(handle);
  return <Layout>{createElement(page)}</Layout>;
}
