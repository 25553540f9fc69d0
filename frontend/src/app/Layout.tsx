import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { ExampleDataRibbon } from '../components/layout/ExampleDataRibbon';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { CrashBoundary } from './crash/CrashBoundary';
import { useDocumentHead, useFocusOnNavigation, useScrollOnNavigation } from './useRouteEffects';

/** docs/product.md §2 shared layout: skip link, (example-data ribbon), header, the page, footer. A crash inside a page keeps header and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentHead();
  useFocusOnNavigation();
  useScrollOnNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <ExampleDataRibbon />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <CrashBoundary key={pathname}>{children}</CrashBoundary>
      </main>
      <Footer />
    </>
  );
}
