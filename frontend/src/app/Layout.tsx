import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { CrashBoundary } from './crash/CrashBoundary';
import { useDocumentHead, useFocusOnNavigation } from './useRouteEffects';

/** spec §2 shared layout: skip link, header, the page, footer. A crash inside a page keeps header and footer. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentHead();
  useFocusOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <CrashBoundary key={pathname}>
          <Outlet />
        </CrashBoundary>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
