import { ErrorScreen } from './ErrorScreen';

/**
 * The generic error screen, in place of the whole layout: errors outside a page's own rendering (a page chunk that
 * fails to load, the layout itself). It offers technical details (docs/product.md §2, §8 "unexpected application error").
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  return (
    <main id="main" className="site-main">
      <ErrorScreen error={error} showDetails />
    </main>
  );
}
