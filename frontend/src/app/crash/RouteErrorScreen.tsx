import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import { buildErrorReport, sendErrorReport } from './report-error';

/**
 * The router's errorElement: errors outside a page's own rendering (a page chunk that fails to load, the layout
 * itself). Generic screen with technical details (spec §2, §8 "Router fallback: unexpected application error").
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    void sendErrorReport(buildErrorReport(error));
  }, [error]);
  return (
    <main id="main" className="site-main">
      <ErrorScreen error={error} showDetails />
    </main>
  );
}
