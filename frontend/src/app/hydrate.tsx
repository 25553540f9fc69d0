import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedBundles } from '../i18n/i18n';
import { readAppData } from './app-data';
import { App } from './App';
import { routeHandleFor } from './route-handle';
import { loadRoute } from './routes';

/**
 * Hydrates the prerendered page (or, under vite dev, renders it). Its modules are evaluated in a task of their own by
 * the entry (src/entry-client.tsx, docs/architecture.md §3.2).
 */
export async function hydratePage(): Promise<void> {
  const { pathname } = window.location;
  const appData = readAppData();
  if (appData) seedBundles(appData.language, appData.bundles);
  // The page's chunk (already preloaded by the prerendered HTML) must be there before the first render, so that
  // it produces exactly the prerendered markup; its strings came with the page (app-data), so nothing downloads.
  await loadRoute(routeHandleFor(pathname));
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (appData) {
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one long task
    // (the page is already painted and readable); a click or key press on a part not yet hydrated hydrates that
    // part first (React's selective hydration), so nothing typed or tapped is lost.
    startTransition(() => {
      hydrateRoot(container, app, {
        // Production React minifies hydration errors; log them so tests and monitoring see them.
        onRecoverableError: (error) => console.error('[hydration]', error),
      });
    });
  } else {
    createRoot(container).render(app); // vite dev: no prerendered page
  }
}
