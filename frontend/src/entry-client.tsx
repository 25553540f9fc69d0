import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { languageFromPath, type Language } from '@stichting/contracts';
import { readAppData } from './app/app-data';
import { browserLocale, firstLoadRedirectTarget, storedLanguageChoice } from './app/first-load-redirect';
import { createRoutes, resolveLazyRoutes } from './app/routes';
import { ensureNamespaces, seedBundles } from './i18n/i18n';
import './styles/global.css';

async function start(): Promise<void> {
  const { pathname, search, hash } = window.location;
  const appData = readAppData();
  if (appData) seedBundles(appData.language, appData.bundles);
  else await ensureNamespaces(languageFromPath(pathname) as Language, ['common']); // vite dev: no prerendered page

  const routes = createRoutes();
  await resolveLazyRoutes(routes, pathname);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (appData) {
    hydrateRoot(container, app, {
      // Production React minifies hydration errors; log them so tests and monitoring see them.
      onRecoverableError: (error) => console.error('[hydration]', error),
    });
  } else {
    createRoot(container).render(app);
  }

  const target = firstLoadRedirectTarget(pathname, browserLocale(), storedLanguageChoice());
  if (target) void router.navigate(`${target}${search}${hash}`, { replace: true });
}

void start();
