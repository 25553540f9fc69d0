import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { ExampleDataRibbon } from '../components/layout/ExampleDataRibbon';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { CrashBoundary } from './crash/CrashBoundary';
import { inLaterTask } from './hydration-steps';
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
      <HeaderLater />
      <PageMain pathname={pathname}>{children}</PageMain>
      <FooterLater />
    </>
  );
}

/** The page itself, hydrated in a task after the header and footer (./hydration-steps.tsx). */
const PageMain = inLaterTask(function PageMain({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <main id="main" className="site-main" tabIndex={-1}>
      <CrashBoundary key={pathname}>{children}</CrashBoundary>
    </main>
  );
});

const HeaderLater = inLaterTask(Header);
const FooterLater = inLaterTask(Footer);
